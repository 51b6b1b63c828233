import { Table } from '@mantine/core';
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
import { SpreadsheetPreview } from '../ui/spreadsheet/SpreadsheetPreview';
import { useRegisterTexts } from './texts';

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
    <SpreadsheetPreview
      summary={{
        text: `${counts.join(', ')}. ${months.length > 0 ? t('import.months', { months: months.join(', ') }) : ''}`.trim(),
        warn: preview.refused > 0 || skipped.length > 0,
        testId: 'import-summary',
      }}
      sections={[
        {
          testId: 'import-refused',
          title: t('import.refusedTitle'),
          lines: refused.map((line) => ({ line: line.line, message: line.errors.join(' ') })),
          note: t('import.fixFile'),
        },
        {
          testId: 'import-skipped',
          title: t('import.skippedTitle'),
          lines: skipped,
          note: t('import.skippedHelp'),
        },
      ]}
      title={t('import.preview')}
      lineHeader="#"
      headers={STAY_COLUMNS.map((column) => STAY_COLUMN_LABELS[column])}
      minWidth={700}
      lines={preview.lines}
      row={(line) =>
        line.ok
          ? {
              cells: (
                <>
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
                </>
              ),
            }
          : { errors: line.errors }
      }
      texts={{
        line: (line) => t('import.line', { line }),
        more: (count) => t('import.more', { count }),
      }}
    />
  );
}
