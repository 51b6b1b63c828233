import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type Declaration, declarationsApi, FILE_RULES } from '@sejour/domain';
import { lazy, Suspense, useState } from 'react';
import { download } from '../api/client';
import type { UploadProgress } from '../api/upload';
import { confirmDelete, FileField, type FileValue, TransferProgress, toast } from '../ui';
import { useDeclarationMutations } from './api';
import { useDeclarationsTexts } from './texts';

const AttachRegisterPdf = lazy(() =>
  import('./RegisterCompute').then((m) => ({ default: m.AttachRegisterPdf })),
);

/**
 * The month's residence register (registre du logeur): attach one (PDF, CSV, XLSX or ODS), download it under its
 * own name, remove it — while the declaration is open, or for an admin.
 */
export function RegisterFile({ declaration, editable }: { declaration: Declaration; editable: boolean }) {
  const { t } = useDeclarationsTexts();
  const { uploadFile, removeFile } = useDeclarationMutations();
  const [picked, setPicked] = useState<FileValue | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const rules = FILE_RULES.register;

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('detail.register.title')}
        </Title>
        {declaration.filename ? (
          <Group gap="sm">
            <Text data-testid="register-name">{declaration.filename}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() =>
                download(declarationsApi.downloadFile, {
                  params: { id: declaration.id },
                  fallbackName: declaration.filename ?? 'registre',
                }).catch((error: Error) => toast.error(error.message))
              }
            >
              {t('detail.register.download')}
            </Button>
            {editable && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={async () => {
                  if (!(await confirmDelete())) return;
                  try {
                    await removeFile.mutateAsync(declaration.id);
                    toast.success(t('detail.register.removed'));
                  } catch (error) {
                    toast.error(error instanceof Error ? error.message : String(error));
                  }
                }}
              >
                {t('detail.register.remove')}
              </Button>
            )}
          </Group>
        ) : (
          <Text c="dimmed">{t('detail.register.none')}</Text>
        )}
        {editable && (
          <Group>
            <Suspense fallback={null}>
              <AttachRegisterPdf declaration={declaration} />
            </Suspense>
          </Group>
        )}
        {editable && (
          <Group align="flex-end">
            <FileField
              name="register"
              label={t(declaration.filename ? 'detail.register.replace' : 'detail.register.attach')}
              description={t('detail.register.help')}
              accept={[...rules.mimeTypes, '.csv', '.xlsx', '.ods', '.pdf']}
              maxSize={rules.maxBytes}
              value={picked}
              onValueChange={setPicked}
            />
            <Button
              disabled={!picked || progress !== null}
              onClick={async () => {
                if (!picked) return;
                // The body is the data URL: until the first report, nothing of it has left.
                setProgress({ loaded: 0, total: picked.content.length });
                try {
                  await uploadFile.mutateAsync({
                    id: declaration.id,
                    body: { base64: picked.content, file: picked.file.name },
                    onProgress: setProgress,
                  });
                  setPicked(null);
                  toast.success(t('detail.register.attached'));
                } catch (error) {
                  toast.error(error instanceof Error ? error.message : String(error));
                } finally {
                  setProgress(null);
                }
              }}
            >
              {t('detail.register.send')}
            </Button>
          </Group>
        )}
        {progress && (
          <TransferProgress
            label={t('detail.register.sending')}
            loaded={progress.loaded}
            total={progress.total}
          />
        )}
      </Stack>
    </Paper>
  );
}
