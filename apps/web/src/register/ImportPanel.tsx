import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import {
  type Cell,
  type ColumnMapping,
  guessColumnMapping,
  type ImportPreview,
  isBlankLine,
  missingColumns,
  previewStayImportInChunks,
  STAY_COLUMN_LABELS,
  STAY_COLUMNS,
  type StayImportResult,
  stayImportBody,
  withServerErrors,
} from '@sejour/domain';
import { useId, useState } from 'react';
import { ApiError } from '../api/client';
import { useSession } from '../session/useSession';
import { toast } from '../ui';
import { ImportSource } from '../ui/spreadsheet/ImportSource';
import { readSpreadsheet } from '../ui/spreadsheet/read-file';
import { useRegisterMutations } from './api';
import { ImportPreviewView } from './ImportPreview';
import { ImportTemplate } from './ImportTemplate';
import { recallMapping, rememberMapping } from './mapping-memory';
import { useRegisterTexts } from './texts';

/** Lines checked between two paints, so that a file of 10 000 stays shows its progress. */
const CHUNK = 500;

interface Sheet {
  name: string;
  headers: string[];
  rows: Cell[][];
}

const headerText = (cell: Cell) =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell ?? '').trim();
const nextPaint = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The domain's preview of every line, a chunk at a time; `onProgress` gets the share done (0–100). */
async function checkLines(sheet: Sheet, mapping: ColumnMapping, onProgress: (percent: number) => void) {
  const steps = previewStayImportInChunks(sheet.rows, mapping, CHUNK);
  let step = steps.next();
  while (!step.done) {
    onProgress(Math.round((step.value / sheet.rows.length) * 100));
    await nextPaint();
    step = steps.next();
  }
  return step.value;
}

/**
 * Import of a spreadsheet of stays: a template to start from and the columns expected; the file read in the
 * browser, its columns recognised, mapped as the host left them last time, or mapped by hand; every line
 * previewed as it will be read, with the refused ones and their reasons, the ones left out because their month
 * is declared done (the server's dry run says which), the months it changes; then the others written at once.
 */
export function ImportPanel({ establishmentId, onDone }: { establishmentId: number; onDone: () => void }) {
  const { t } = useRegisterTexts();
  const mutations = useRegisterMutations(establishmentId);
  const userId = useSession().user?.id;
  const reasonId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [stage, setStage] = useState<'idle' | 'reading' | 'checking' | 'sending'>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  /** The server's dry run: stays it would write, lines it leaves out (done months), stays already there. */
  const [dryRun, setDryRun] = useState<StayImportResult | null>(null);

  const check = async (current: Sheet, columns: ColumnMapping) => {
    setPreview(null);
    setDryRun(null);
    if (missingColumns(columns).length > 0) return;
    setStage('checking');
    setProgress(0);
    let read = await checkLines(current, columns, setProgress);
    // The server knows what the file cannot: months already declared and done. A dry run asks it.
    if (read.refused === 0 && read.valid > 0) {
      try {
        setDryRun(await mutations.import.mutateAsync(stayImportBody(read, true)));
      } catch (failure) {
        if (failure instanceof ApiError && failure.errors) read = withServerErrors(read, failure.errors);
        else setError(failure instanceof Error ? failure.message : String(failure));
      }
    }
    setPreview(read);
    setStage('idle');
  };

  const choose = async (picked: File | null) => {
    setFile(picked);
    setSheet(null);
    setPreview(null);
    setDryRun(null);
    setError(null);
    if (!picked) return;
    setStage('reading');
    try {
      const rows = await readSpreadsheet(picked);
      const [header, ...body] = rows;
      if (!header || body.every(isBlankLine)) {
        setError(t('import.empty'));
        setStage('idle');
        return;
      }
      const read: Sheet = { name: picked.name, headers: header.map(headerText), rows: body };
      const columns = recallMapping(userId, read.headers, guessColumnMapping(read.headers));
      setSheet(read);
      setMapping(columns);
      await check(read, columns);
    } catch {
      setError(t('import.unreadable'));
    }
    setStage('idle');
  };

  const missing = mapping ? missingColumns(mapping) : [];
  const busy = stage !== 'idle';
  const skipped = dryRun?.skipped ?? [];
  const toImport = dryRun?.accepted ?? 0;
  /** Why the import cannot be sent yet, said beside its button. */
  const blocked = busy
    ? t(stage === 'sending' ? 'import.sending' : stage === 'reading' ? 'import.reading' : 'import.checking')
    : !file
      ? t('import.why.noFile')
      : error
        ? t('import.why.error')
        : missing.length > 0
          ? t('import.why.missing', { count: missing.length })
          : preview && preview.refused > 0
            ? t('import.why.refused', { count: preview.refused })
            : preview && preview.valid > 0 && dryRun && toImport === 0
              ? t('import.why.allSkipped')
              : !preview || !dryRun
                ? t('import.why.noLine')
                : null;

  return (
    <Stack gap="md">
      <Text size="sm">{t('import.help')}</Text>
      <ImportTemplate />
      <ImportSource
        texts={{
          file: t('import.file'),
          clear: t('import.clear'),
          reading: t('import.reading'),
          checking: t('import.checking'),
          mapping: t('import.mapping'),
          mappingHelp: t('import.mappingHelp'),
          none: t('import.none'),
          missing: (columns) => t('import.missing', { columns }),
        }}
        columns={STAY_COLUMNS}
        labels={STAY_COLUMN_LABELS}
        file={file}
        onChoose={choose}
        busy={busy}
        stage={stage}
        progress={progress}
        error={error}
        headers={sheet?.headers ?? null}
        mapping={mapping}
        onMapping={(next) => {
          if (!sheet) return;
          setMapping(next);
          if (userId !== undefined) rememberMapping(userId, sheet.headers, next);
          void check(sheet, next);
        }}
        missing={missing}
      />
      {preview && dryRun && dryRun.existing > 0 && (
        <Alert color="orange" data-testid="import-existing">
          {t('import.existing', { count: dryRun.existing })}
        </Alert>
      )}
      {preview && <ImportPreviewView preview={preview} dryRun={dryRun} />}
      {stage === 'sending' && (
        <Stack gap={4}>
          <Text size="sm">{t('import.sending')}</Text>
          <Progress value={100} animated aria-label={t('import.sending')} />
        </Stack>
      )}
      <Group justify="flex-end" wrap="wrap">
        {blocked && (
          <Text size="sm" c="dimmed" id={reasonId} data-testid="import-blocked">
            {blocked}
          </Text>
        )}
        <Button variant="default" onClick={onDone}>
          {t('import.cancel')}
        </Button>
        <Button
          disabled={blocked !== null}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={async () => {
            if (!preview || !sheet || !mapping) return;
            setStage('sending');
            try {
              const result = await mutations.import.mutateAsync(stayImportBody(preview, false));
              if (userId !== undefined) rememberMapping(userId, sheet.headers, mapping);
              toast.success(
                result.skipped.length > 0
                  ? `${t('toasts.imported', { count: result.created })} ${t('toasts.skipped', { count: result.skipped.length })}`
                  : t('toasts.imported', { count: result.created }),
              );
              onDone();
            } catch (failure) {
              if (failure instanceof ApiError && failure.errors) {
                setPreview(withServerErrors(preview, failure.errors));
              } else {
                setError(failure instanceof Error ? failure.message : String(failure));
              }
            }
            setStage('idle');
          }}
        >
          {t('import.confirm', { count: toImport })}
        </Button>
      </Group>
      {skipped.length > 0 && !blocked && (
        <Text size="sm" c="dimmed" ta="right">
          {t('import.skippedNote', { count: skipped.length })}
        </Text>
      )}
    </Stack>
  );
}
