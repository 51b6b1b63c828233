import {
  Alert,
  Box,
  Button,
  FileInput,
  Group,
  List,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  type Cell,
  type ColumnMapping,
  EXEMPTION_REASON_LABELS,
  formatEuros,
  guessColumnMapping,
  type ImportPreview,
  isBlankLine,
  missingColumns,
  monthName,
  parseMonthKey,
  REQUIRED_STAY_COLUMNS,
  type ReadLine,
  readStayLine,
  STAY_COLUMN_LABELS,
  STAY_COLUMNS,
  type StayImportResult,
} from '@sejour/domain';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError } from '../api/client';
import { useSession } from '../session/useSession';
import { saveFile, toast } from '../ui';
import { formatDate } from '../ui/format';
import { useRegisterMutations } from './api';
import { recallMapping, rememberMapping } from './mapping-memory';
import { readSpreadsheet } from './read-file';
import { TEMPLATE_NAME, templateCsv, templateXlsx } from './template';
import { useRegisterTexts } from './texts';

/** Lines checked between two paints, so that a file of 10 000 stays shows its progress. */
const CHUNK = 500;
/** Lines of the preview's table; refused lines are all listed apart. */
const PREVIEW_ROWS = 50;

interface Sheet {
  name: string;
  headers: string[];
  rows: Cell[][];
}

const headerText = (cell: Cell) =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell ?? '').trim();
const nextPaint = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Every line read with the mapping, a chunk at a time; `onProgress` gets the share done (0–100). */
async function checkLines(sheet: Sheet, mapping: ColumnMapping, onProgress: (percent: number) => void) {
  const lines: ReadLine[] = [];
  const months = new Set<string>();
  for (let start = 0; start < sheet.rows.length; start += CHUNK) {
    sheet.rows.slice(start, start + CHUNK).forEach((cells, offset) => {
      if (isBlankLine(cells)) return;
      const read = readStayLine(cells, mapping, start + offset + 2);
      if (read.ok) for (const key of read.months) months.add(key);
      lines.push(read);
    });
    onProgress(Math.round(((start + CHUNK) / Math.max(sheet.rows.length, 1)) * 100));
    await nextPaint();
  }
  const valid = lines.filter((l) => l.ok).length;
  return { lines, valid, refused: lines.length - valid, months: [...months].sort() } satisfies ImportPreview;
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
    const read = await checkLines(current, columns, setProgress);
    // The server knows what the file cannot: months already declared and done. A dry run asks it.
    if (read.refused === 0 && read.valid > 0) {
      try {
        setDryRun(await mutations.import.mutateAsync(importBody(read, true)));
      } catch (failure) {
        if (failure instanceof ApiError && failure.errors) mergeServerErrors(read, failure.errors);
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
      <TemplateAndColumns />
      <FileInput
        label={t('import.file')}
        accept=".csv,.txt,.tsv,.xlsx,.ods,text/csv"
        value={file}
        onChange={choose}
        disabled={busy}
        clearable
        clearButtonProps={{ 'aria-label': t('import.clear') }}
      />
      {stage === 'reading' && <Text size="sm">{t('import.reading')}</Text>}
      {stage === 'checking' && (
        <Stack gap={4}>
          <Text size="sm">{t('import.checking')}</Text>
          <Progress value={progress} aria-label={t('import.checking')} />
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {sheet && mapping && (
        <Stack gap="xs">
          <Text fw={600}>{t('import.mapping')}</Text>
          <Text size="sm" c="dimmed">
            {t('import.mappingHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
            {STAY_COLUMNS.map((column) => (
              <NativeSelect
                key={column}
                label={STAY_COLUMN_LABELS[column]}
                value={mapping[column] === null ? '' : String(mapping[column])}
                disabled={busy}
                data={[
                  { value: '', label: t('import.none') },
                  ...sheet.headers.map((header, index) => ({
                    value: String(index),
                    label: header || `#${index + 1}`,
                  })),
                ]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  const next = { ...mapping, [column]: value === '' ? null : Number(value) };
                  setMapping(next);
                  if (userId !== undefined) rememberMapping(userId, sheet.headers, next);
                  void check(sheet, next);
                }}
              />
            ))}
          </SimpleGrid>
          {missing.length > 0 && (
            <Alert color="orange">
              {t('import.missing', { columns: missing.map((c) => STAY_COLUMN_LABELS[c]).join(', ') })}
            </Alert>
          )}
        </Stack>
      )}
      {preview && dryRun && dryRun.existing > 0 && (
        <Alert color="orange" data-testid="import-existing">
          {t('import.existing', { count: dryRun.existing })}
        </Alert>
      )}
      {preview && <PreviewView preview={preview} dryRun={dryRun} />}
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
              const result = await mutations.import.mutateAsync(importBody(preview, false));
              if (userId !== undefined) rememberMapping(userId, sheet.headers, mapping);
              toast.success(
                result.skipped.length > 0
                  ? `${t('toasts.imported', { count: result.created })} ${t('toasts.skipped', { count: result.skipped.length })}`
                  : t('toasts.imported', { count: result.created }),
              );
              onDone();
            } catch (failure) {
              if (failure instanceof ApiError && failure.errors) {
                const next = { ...preview, lines: [...preview.lines] };
                mergeServerErrors(next, failure.errors);
                setPreview(next);
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

/** The template to download and what each column holds, before any file is chosen. */
function TemplateAndColumns() {
  const { t } = useRegisterTexts();
  const [failed, setFailed] = useState(false);
  return (
    <Stack gap="xs" data-testid="import-columns">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('import.template')}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<Download size={14} aria-hidden />}
          onClick={() => saveFile(templateCsv(), `${TEMPLATE_NAME}.csv`, 'text/csv;charset=utf-8')}
        >
          {t('import.templateCsv')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<Download size={14} aria-hidden />}
          onClick={async () => {
            setFailed(false);
            try {
              saveFile(
                (await templateXlsx()) as BlobPart,
                `${TEMPLATE_NAME}.xlsx`,
                'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              );
            } catch {
              setFailed(true);
            }
          }}
        >
          {t('import.templateXlsx')}
        </Button>
      </Group>
      {failed && (
        <Text size="sm" c="red" role="alert">
          {t('import.templateFailed')}
        </Text>
      )}
      <Text size="sm">{t('import.columnsTitle')}</Text>
      <List size="sm" spacing={2}>
        {STAY_COLUMNS.map((column) => (
          <List.Item key={column}>
            <Text span fw={600} size="sm">
              {STAY_COLUMN_LABELS[column]}
            </Text>{' '}
            ({t(REQUIRED_STAY_COLUMNS.includes(column) ? 'import.required' : 'import.optional')}) :{' '}
            {t(`import.columns.${column}`)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function importBody(preview: ImportPreview, dryRun: boolean) {
  const ok = preview.lines.filter((l): l is Extract<ReadLine, { ok: true }> => l.ok);
  return { stays: ok.map((l) => l.stay), lines: ok.map((l) => l.line), dryRun };
}

/** The server's refusals (`stays.{line}` or `stays.{line}.{field}`) become refused lines of the preview. */
function mergeServerErrors(preview: ImportPreview, errors: Record<string, string>) {
  for (const [key, message] of Object.entries(errors)) {
    const line = Number(key.split('.')[1]);
    const index = preview.lines.findIndex((l) => l.line === line);
    if (index < 0) continue;
    const current = preview.lines[index];
    preview.lines[index] = {
      line,
      ok: false,
      errors: [...(current && !current.ok ? current.errors : []), message],
    };
  }
  preview.valid = preview.lines.filter((l) => l.ok).length;
  preview.refused = preview.lines.length - preview.valid;
}

function PreviewView({ preview, dryRun }: { preview: ImportPreview; dryRun: StayImportResult | null }) {
  const { t } = useRegisterTexts();
  const refused = preview.lines.filter((l): l is Extract<ReadLine, { ok: false }> => !l.ok);
  const skipped = dryRun?.skipped ?? [];
  // The server's months are those of the stays it would write; before its answer, the file's.
  const months = (dryRun ? dryRun.months : preview.months.map(parseMonthKey)).map(
    ({ year, month }) => `${monthName(month)} ${year}`,
  );
  const ready = dryRun ? dryRun.accepted : preview.valid;
  const counts = [
    t('import.ready', { count: ready }),
    ...(preview.refused > 0 ? [t('import.refused', { count: preview.refused })] : []),
    ...(skipped.length > 0 ? [t('import.skipped', { count: skipped.length })] : []),
  ];
  return (
    <Stack gap="sm">
      <Alert
        color={preview.refused > 0 || skipped.length > 0 ? 'orange' : 'green'}
        variant="light"
        data-testid="import-summary"
      >
        {`${counts.join(', ')}.`} {months.length > 0 && t('import.months', { months: months.join(', ') })}
      </Alert>
      {refused.length > 0 && (
        <Stack gap={4} data-testid="import-refused">
          <Text fw={600}>{t('import.refusedTitle')}</Text>
          <List size="sm" spacing={2}>
            {refused.map((line) => (
              <List.Item key={line.line}>
                <Text span fw={600}>
                  {t('import.line', { line: line.line })}
                </Text>{' '}
                : {line.errors.join(' ')}
              </List.Item>
            ))}
          </List>
          <Text size="sm">{t('import.fixFile')}</Text>
        </Stack>
      )}
      {skipped.length > 0 && (
        <Stack gap={4} data-testid="import-skipped">
          <Text fw={600}>{t('import.skippedTitle')}</Text>
          <List size="sm" spacing={2}>
            {skipped.map((line) => (
              <List.Item key={line.line}>
                <Text span fw={600}>
                  {t('import.line', { line: line.line })}
                </Text>{' '}
                : {line.message}
              </List.Item>
            ))}
          </List>
          <Text size="sm">{t('import.skippedHelp')}</Text>
        </Stack>
      )}
      <Text fw={600}>{t('import.preview')}</Text>
      {/* Focusable, so that a keyboard scrolls the lines on a phone. */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('import.preview')}>
        <Table striped miw={700}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              {STAY_COLUMNS.map((column) => (
                <Table.Th key={column}>{STAY_COLUMN_LABELS[column]}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.lines.slice(0, PREVIEW_ROWS).map((line) =>
              line.ok ? (
                <Table.Tr key={line.line}>
                  <Table.Td>{line.line}</Table.Td>
                  <Table.Td>{formatDate(line.stay.arrival)}</Table.Td>
                  <Table.Td>{formatDate(line.stay.departure)}</Table.Td>
                  <Table.Td>{line.stay.persons}</Table.Td>
                  <Table.Td>{line.stay.exempted}</Table.Td>
                  <Table.Td>
                    {line.stay.exemptionReason ? EXEMPTION_REASON_LABELS[line.stay.exemptionReason] : ''}
                  </Table.Td>
                  <Table.Td>{formatEuros(line.stay.price)}</Table.Td>
                  <Table.Td>{line.stay.platform ? 'oui' : 'non'}</Table.Td>
                  <Table.Td>{line.stay.reference}</Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr key={line.line}>
                  <Table.Td>{line.line}</Table.Td>
                  <Table.Td colSpan={STAY_COLUMNS.length} c="red">
                    {line.errors.join(' ')}
                  </Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Box>
      {preview.lines.length > PREVIEW_ROWS && (
        <Text size="sm" c="dimmed">
          {t('import.more', { count: preview.lines.length - PREVIEW_ROWS })}
        </Text>
      )}
    </Stack>
  );
}
