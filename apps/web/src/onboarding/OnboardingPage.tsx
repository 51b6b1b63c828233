import { Alert, Button, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import {
  type Cell,
  cellsOfRow,
  guessOnboardingMapping,
  isBlankLine,
  missingOnboardingColumns,
  ONBOARDING_COLUMN_LABELS,
  ONBOARDING_COLUMNS,
  ONBOARDING_INVITATIONS_MAX,
  type OnboardingInvitationsResult,
  type OnboardingLine,
  type OnboardingMapping,
  type ParsedOnboardingLine,
  parseOnboardingLine,
} from '@sejour/domain';
import { useId, useState } from 'react';
import { useSession } from '../session/useSession';
import { loadPhone } from '../ui/fields/phone-loader';
import { ImportSource } from '../ui/spreadsheet/ImportSource';
import { createMappingMemory } from '../ui/spreadsheet/mapping-memory';
import { readSpreadsheet } from '../ui/spreadsheet/read-file';
import { useOnboardingMutations } from './api';
import { OnboardingPreview } from './OnboardingPreview';
import { OnboardingReport } from './OnboardingReport';
import { OnboardingTemplate } from './OnboardingTemplate';
import { createdProviderIds, type ImportReport, runImport } from './run-import';
import { useOnboardingTexts } from './texts';

/** Lines read between two paints, so that a file of 5 000 lines shows its progress. */
const CHUNK = 500;

interface Sheet {
  headers: string[];
  rows: Cell[][];
}

/** The file's lines as they will be sent, and as read here (the server reads them again, the same way). */
export interface ReadLines {
  lines: OnboardingLine[];
  parsed: ParsedOnboardingLine[];
}

const memory = createMappingMemory('sejour.onboarding-columns', ONBOARDING_COLUMNS);
const headerText = (cell: Cell) =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell ?? '').trim();
const nextPaint = () => new Promise((resolve) => setTimeout(resolve, 0));

async function readLines(sheet: Sheet, mapping: OnboardingMapping, onProgress: (percent: number) => void) {
  // The providers' rule checks phone numbers with the phone field's library, downloaded on demand.
  if (mapping.phone !== null) await loadPhone();
  const read: ReadLines = { lines: [], parsed: [] };
  for (let start = 0; start < sheet.rows.length; start += CHUNK) {
    sheet.rows.slice(start, start + CHUNK).forEach((row, offset) => {
      if (isBlankLine(row)) return;
      const line = { line: start + offset + 2, cells: cellsOfRow(row, mapping) };
      read.lines.push(line);
      read.parsed.push(parseOnboardingLine(line));
    });
    onProgress(Math.round(((start + CHUNK) / sheet.rows.length) * 100));
    await nextPaint();
  }
  return read;
}

/**
 * Bulk onboarding (admins): a template; the file read in the browser, its columns recognised or mapped by
 * hand; every line previewed with its reasons when refused; a simulation that the server checks without
 * writing; the import, batch by batch, with its report line by line; then the invitations, sent only when the
 * admin asks.
 */
export function OnboardingPage() {
  const { t } = useOnboardingTexts();
  const mutations = useOnboardingMutations();
  const userId = useSession().user?.id;
  const reasonId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [mapping, setMapping] = useState<OnboardingMapping | null>(null);
  const [read, setRead] = useState<ReadLines | null>(null);
  const [stage, setStage] = useState<'idle' | 'reading' | 'checking' | 'sending' | 'inviting'>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [invited, setInvited] = useState<OnboardingInvitationsResult | null>(null);
  const [inviteError, setInviteError] = useState<string | null>(null);

  const check = async (current: Sheet, columns: OnboardingMapping) => {
    setRead(null);
    setReport(null);
    setInvited(null);
    if (missingOnboardingColumns(columns).length > 0) return;
    setStage('checking');
    setProgress(0);
    try {
      setRead(await readLines(current, columns, setProgress));
    } catch {
      setError(t('phoneLibrary'));
    }
    setStage('idle');
  };

  const choose = async (picked: File | null) => {
    setFile(picked);
    setSheet(null);
    setRead(null);
    setReport(null);
    setInvited(null);
    setError(null);
    if (!picked) return;
    setStage('reading');
    try {
      const [header, ...body] = await readSpreadsheet(picked);
      if (!header || body.every(isBlankLine)) {
        setError(t('empty'));
        setStage('idle');
        return;
      }
      const current: Sheet = { headers: header.map(headerText), rows: body };
      const columns = memory.recall(userId, current.headers, guessOnboardingMapping(current.headers));
      setSheet(current);
      setMapping(columns);
      await check(current, columns);
    } catch {
      setError(t('unreadable'));
    }
    setStage('idle');
  };

  const send = async (dryRun: boolean) => {
    if (!read || !sheet || !mapping) return;
    setStage('sending');
    setProgress(0);
    setReport(null);
    setInvited(null);
    setInviteError(null);
    if (!dryRun && userId !== undefined) memory.remember(userId, sheet.headers, mapping);
    const result = await runImport(
      read.lines,
      dryRun,
      (body) => mutations.import.mutateAsync(body),
      (sent) => setProgress(sent),
    );
    setReport(result);
    setStage('idle');
  };

  const toInvite = report ? createdProviderIds(report) : [];
  const invite = async () => {
    setStage('inviting');
    setInviteError(null);
    const total: OnboardingInvitationsResult = { invited: 0, skipped: 0 };
    try {
      for (let start = 0; start < toInvite.length; start += ONBOARDING_INVITATIONS_MAX) {
        const answer = await mutations.invite.mutateAsync(
          toInvite.slice(start, start + ONBOARDING_INVITATIONS_MAX),
        );
        total.invited += answer.invited;
        total.skipped += answer.skipped;
      }
    } catch (failure) {
      setInviteError(failure instanceof Error ? failure.message : String(failure));
    }
    setInvited(total);
    setStage('idle');
  };

  const missing = mapping ? missingOnboardingColumns(mapping) : [];
  const busy = stage !== 'idle';
  const blocked = busy
    ? null
    : !file || error
      ? t('why.noFile')
      : missing.length > 0
        ? t('why.missing', { count: missing.length })
        : !read || read.lines.length === 0
          ? t('why.noLine')
          : null;

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>{t('title')}</Title>
      <Text>{t('intro')}</Text>
      <OnboardingTemplate />
      <Text size="sm">{t('help')}</Text>
      <ImportSource
        texts={{
          file: t('file'),
          clear: t('clear'),
          reading: t('reading'),
          checking: t('checking'),
          mapping: t('mapping'),
          mappingHelp: t('mappingHelp'),
          none: t('none'),
          missing: (columns) => t('missing', { columns }),
        }}
        columns={ONBOARDING_COLUMNS}
        labels={ONBOARDING_COLUMN_LABELS}
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
          if (userId !== undefined) memory.remember(userId, sheet.headers, next);
          void check(sheet, next);
        }}
        missing={missing}
      />
      {read && <OnboardingPreview read={read} report={report} />}
      {stage === 'sending' && read && (
        <Stack gap={4}>
          <Text size="sm">{t('sending', { done: progress, total: read.lines.length })}</Text>
          <Progress
            value={(progress / Math.max(read.lines.length, 1)) * 100}
            aria-label={t('sending', { done: progress, total: read.lines.length })}
          />
        </Stack>
      )}
      <Group justify="flex-end" wrap="wrap">
        {blocked && (
          <Text size="sm" c="dimmed" id={reasonId} data-testid="onboarding-blocked">
            {blocked}
          </Text>
        )}
        <Button
          variant="default"
          disabled={blocked !== null || busy}
          aria-describedby={blocked ? reasonId : undefined}
          title={t('simulateHelp')}
          onClick={() => void send(true)}
        >
          {t('simulate')}
        </Button>
        <Button
          disabled={blocked !== null || busy}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={() => void send(false)}
        >
          {t('import')}
        </Button>
      </Group>
      {report && <OnboardingReport report={report} />}
      {report && !report.dryRun && toInvite.length > 0 && (
        <Stack gap="xs" data-testid="onboarding-invitations">
          <Text fw={600}>{t('invite.title')}</Text>
          {!invited && <Text size="sm">{t('invite.help', { count: toInvite.length })}</Text>}
          {invited && (
            <Alert color={inviteError ? 'orange' : 'green'} role="status">
              <List size="sm" spacing={2}>
                <List.Item>{t('invite.sent', { count: invited.invited })}</List.Item>
                {invited.skipped > 0 && (
                  <List.Item>{t('invite.skipped', { count: invited.skipped })}</List.Item>
                )}
                {inviteError && <List.Item>{t('invite.failed', { message: inviteError })}</List.Item>}
              </List>
            </Alert>
          )}
          {(!invited || inviteError) && (
            <Group justify="flex-end">
              <Button loading={stage === 'inviting'} disabled={busy} onClick={() => void invite()}>
                {t('invite.button')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
