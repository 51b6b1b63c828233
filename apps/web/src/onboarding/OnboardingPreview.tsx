import { Table, Text } from '@mantine/core';
import type { OnboardingLineResult, OnboardingPart } from '@sejour/domain';
import type { Translate } from '../i18n';
import { SpreadsheetPreview } from '../ui/spreadsheet/SpreadsheetPreview';
import type { ReadLines } from './OnboardingPage';
import type { ImportReport } from './run-import';
import { useOnboardingTexts } from './texts';

function partText(t: Translate, what: 'provider' | 'establishment', part: OnboardingPart, dryRun: boolean) {
  const how =
    part.matchedBy === 'line'
      ? t('result.matchedBy.line', { line: part.matchedLine })
      : part.matchedBy
        ? t(`result.matchedBy.${part.matchedBy}`)
        : null;
  const outcome =
    part.outcome === 'created' ? t(dryRun ? 'result.createdDry' : 'result.created') : t('result.existing');
  return `${t(`result.${what}`)} : ${outcome}${how ? ` (${how})` : ''}`;
}

/** A line's result as the table shows it: the provider's outcome, then the establishment's, one a line. */
export function resultParts(t: Translate, result: OnboardingLineResult, dryRun: boolean): string[] {
  if (result.status === 'error') return [`${t('result.refused')} : ${result.errors.join(' ')}`];
  return [
    result.provider && partText(t, 'provider', result.provider, dryRun),
    result.establishment && partText(t, 'establishment', result.establishment, dryRun),
  ].filter((part): part is string => Boolean(part));
}

/**
 * The file as read here: how many lines are correct or refused (with their reasons), and its first lines;
 * once the server has answered, each line's result beside it.
 */
export function OnboardingPreview({ read, report }: { read: ReadLines; report: ImportReport | null }) {
  const { t } = useOnboardingTexts();
  const refused = read.parsed.filter((l) => !l.ok);
  const results = new Map(report?.lines.map((l) => [l.line, l]));
  return (
    <SpreadsheetPreview
      summary={{
        text: `${[
          t('lines', { count: read.parsed.length }),
          t('readyLocal', { count: read.parsed.length - refused.length }),
          ...(refused.length > 0 ? [t('refusedLocal', { count: refused.length })] : []),
        ].join(', ')}.`,
        warn: refused.length > 0,
        testId: 'onboarding-summary',
      }}
      sections={[
        {
          testId: 'onboarding-refused',
          lines: report
            ? []
            : refused
                .slice(0, 200)
                .map((line) => ({ line: line.line, message: line.ok ? '' : line.errors.join(' ') })),
          note: t('refusedNote'),
        },
      ]}
      title={t('preview')}
      lineHeader={t('col.line')}
      headers={[
        t('col.provider'),
        t('col.siret'),
        t('col.establishment'),
        t('col.numero'),
        t('col.city'),
        t('col.result'),
      ]}
      minWidth={800}
      lines={read.parsed}
      row={(line) => {
        if (!line.ok) return { errors: line.errors };
        const result = results.get(line.line);
        return {
          cells: (
            <>
              <Table.Td>
                {line.provider.company ?? `${line.provider.firstname} ${line.provider.lastname}`}
                <Text size="xs" c="dimmed">
                  {line.provider.email}
                </Text>
              </Table.Td>
              <Table.Td>{line.provider.siret ?? ''}</Table.Td>
              <Table.Td>{line.establishment?.name ?? ''}</Table.Td>
              <Table.Td>{line.establishment?.numero ?? ''}</Table.Td>
              <Table.Td>{line.establishment?.city ?? ''}</Table.Td>
              <Table.Td c={result?.status === 'error' ? 'red' : undefined} miw="11rem">
                {result
                  ? resultParts(t, result, report?.dryRun ?? false).map((part) => (
                      <div key={part}>{part}</div>
                    ))
                  : ''}
              </Table.Td>
            </>
          ),
        };
      }}
      texts={{
        line: (line) => t('line', { line }),
        more: (count) => t('more', { count }),
      }}
    />
  );
}
