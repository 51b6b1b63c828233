import { Alert, Box, List, Stack, Table, Text } from '@mantine/core';
import {
  EXEMPTION_REASON_LABELS,
  formatEuros,
  type ImportPreview,
  monthName,
  parseMonthKey,
  type ReadLine,
  STAY_COLUMN_LABELS,
  STAY_COLUMNS,
  type StayImportResult,
} from '@sejour/domain';
import { formatDate } from '../ui/format';
import { useRegisterTexts } from './texts';

/** Lines of the preview's table; refused lines are all listed apart. */
const PREVIEW_ROWS = 50;

/**
 * A file as it will be imported: how many lines are ready, refused (with their reasons) or left out because
 * their month is declared done, the months it changes, and its first lines as read.
 */
export function ImportPreviewView({
  preview,
  dryRun,
}: {
  preview: ImportPreview;
  dryRun: StayImportResult | null;
}) {
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
