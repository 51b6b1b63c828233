// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/Image.css';
import { Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type EstablishmentDetail,
  FILE_RULES,
  fileMessages,
  formatFileSize,
  isAllowedMimeType,
} from '@sejour/domain';
import { useState } from 'react';
import type { UploadProgress } from '../api/upload';
import { AnimatedIcon, TransferProgress, toast } from '../ui';
import { readDataUrl } from '../ui/fields/files';
import { useEstablishmentMutations, useImageUrl } from './api';
import { useEstablishmentsTexts } from './texts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The establishment's photo: preview, upload (checked here first, then by the server), replace, remove. */
export function EstablishmentImage({ establishment }: { establishment: EstablishmentDetail }) {
  const { t } = useEstablishmentsTexts();
  const url = useImageUrl(establishment, 'full');
  const mutations = useEstablishmentMutations();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const send = async (file: File | null) => {
    if (!file) return;
    if (file.size > FILE_RULES.image.maxBytes) return toast.error(fileMessages.tooLarge('image'));
    if (!isAllowedMimeType('image', file.type)) return toast.error(fileMessages.typeNotAllowed('image'));
    const base64 = await readDataUrl(file);
    setPreview(base64);
    // The body is the data URL: until the first report, nothing of it has left.
    setProgress({ loaded: 0, total: base64.length });
    try {
      await mutations.uploadImage.mutateAsync({
        id: establishment.id,
        base64,
        file: file.name,
        onProgress: setProgress,
      });
      toast.success(t('toasts.imageSaved'));
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setPreview(null);
      setProgress(null);
    }
  };

  const remove = async () => {
    try {
      await mutations.removeImage.mutateAsync(establishment.id);
      toast.success(t('toasts.imageRemoved'));
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  const shown = preview ?? url;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('detail.image')}
        </Title>
        {shown ? (
          <Image
            src={shown}
            alt={t('detail.imageAlt', { name: establishment.name })}
            maw={480}
            radius="sm"
            style={{ opacity: preview ? 0.6 : 1 }}
          />
        ) : (
          <Text c="dimmed">{t('detail.noImage')}</Text>
        )}
        {progress && (
          <TransferProgress
            label={t('detail.imageSending')}
            loaded={progress.loaded}
            total={progress.total}
          />
        )}
        <Text size="sm" c="dimmed">
          {t('detail.imageHint', { size: formatFileSize(FILE_RULES.image.maxBytes) })}
        </Text>
        <Group gap="sm">
          <FileButton onChange={send} accept={FILE_RULES.image.mimeTypes.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                disabled={progress !== null || mutations.removeImage.isPending}
                leftSection={<AnimatedIcon name="upload" size={18} />}
              >
                {t('actions.upload')}
              </Button>
            )}
          </FileButton>
          {establishment.image && (
            <Button
              variant="subtle"
              color="red"
              loading={mutations.removeImage.isPending}
              disabled={progress !== null}
              onClick={remove}
            >
              {t('actions.removeImage')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
