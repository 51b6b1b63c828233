import { Alert, Box, List, Stack, Table, Text } from '@mantine/core';
import type { OnboardingLineResult, OnboardingPart } from '@sejour/domain';
import type { Translate } from '../i18n';
import type { ReadLines } from './OnboardingPage';
import type { ImportReport } from './run-import';
import { useOnboardingTexts } from './texts';

/** Lines of the preview's table; refused lines are all listed apart. */
const PREVIEW_ROWS = 50;

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

/** A line's result as the table shows it. */
export function resultText(t: Translate, result: OnboardingLineResult, dryRun: boolean): string {
  if (result.status === 'error') return `${t('result.refused')} : ${result.errors.join(' ')}`;
  return [
    result.provider && partText(t, 'provider', result.provider, dryRun),
    result.establishment && partText(t, 'establishment', result.establishment, dryRun),
  ]
    .filter(Boolean)
    .join(' ; ');
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
    <Stack gap="sm">
      <Alert color={refused.length > 0 ? 'orange' : 'green'} variant="light" data-testid="onboarding-summary">
        {[
          t('lines', { count: read.parsed.length }),
          t('readyLocal', { count: read.parsed.length - refused.length }),
          ...(refused.length > 0 ? [t('refusedLocal', { count: refused.length })] : []),
        ].join(', ')}
        .
      </Alert>
      {refused.length > 0 && !report && (
        <Stack gap={4} data-testid="onboarding-refused">
          <List size="sm" spacing={2}>
            {refused.slice(0, 200).map((line) => (
              <List.Item key={line.line}>
                <Text span fw={600} size="sm">
                  {t('line', { line: line.line })}
                </Text>{' '}
                : {line.ok ? '' : line.errors.join(' ')}
              </List.Item>
            ))}
          </List>
          <Text size="sm">{t('refusedNote')}</Text>
        </Stack>
      )}
      <Text fw={600}>{t('preview')}</Text>
      {/* Focusable, so that a keyboard scrolls the lines on a phone. */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('preview')}>
        <Table striped miw={800}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('col.line')}</Table.Th>
              <Table.Th>{t('col.provider')}</Table.Th>
              <Table.Th>{t('col.siret')}</Table.Th>
              <Table.Th>{t('col.establishment')}</Table.Th>
              <Table.Th>{t('col.numero')}</Table.Th>
              <Table.Th>{t('col.city')}</Table.Th>
              <Table.Th>{t('col.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {read.parsed.slice(0, PREVIEW_ROWS).map((line) => {
              const result = results.get(line.line);
              return line.ok ? (
                <Table.Tr key={line.line}>
                  <Table.Td>{line.line}</Table.Td>
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
                  <Table.Td c={result?.status === 'error' ? 'red' : undefined}>
                    {result ? resultText(t, result, report?.dryRun ?? false) : ''}
                  </Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr key={line.line}>
                  <Table.Td>{line.line}</Table.Td>
                  <Table.Td colSpan={6} c="red">
                    {line.errors.join(' ')}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
      {read.parsed.length > PREVIEW_ROWS && (
        <Text size="sm" c="dimmed">
          {t('more', { count: read.parsed.length - PREVIEW_ROWS })}
        </Text>
      )}
    </Stack>
  );
}
