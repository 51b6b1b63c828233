import { Alert, Box, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { EstablishmentDetail } from '@sejour/domain';
import { formatDate, formatDateTime } from '../ui';
import { useEstablishmentsTexts } from './texts';

/**
 * The establishment's classification: when today's decision lapses (after it, the establishment is taxed as
 * unclassified), and from which day each recorded classification applied.
 */
export function EstablishmentClassification({ establishment }: { establishment: EstablishmentDetail }) {
  const { t } = useEstablishmentsTexts();
  const { classificationLapsesOn: lapsesOn, classifiedOn } = establishment;
  const lapsed = lapsesOn !== null && lapsesOn <= new Date().toISOString().slice(0, 10);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('classification.title')}
        </Title>
        {lapsesOn && classifiedOn ? (
          <Alert color={lapsed ? 'orange' : 'blue'}>
            {t(lapsed ? 'classification.lapsed' : 'classification.lapsesOn', {
              classifiedOn: formatDate(classifiedOn),
              lapsesOn: formatDate(lapsesOn),
            })}
          </Alert>
        ) : (
          <Text c="dimmed">{t('classification.none')}</Text>
        )}
        {establishment.classificationHistory.length > 0 && (
          <>
            <Title order={3} size="h4">
              {t('classification.history')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('classification.historyHint')}
            </Text>
            {/* Scrolls sideways on a phone: focusable, so that a keyboard can scroll it too. */}
            <Box
              role="region"
              aria-label={t('classification.history')}
              tabIndex={0}
              style={{ overflowX: 'auto' }}
            >
              <Table miw={600}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('classification.columns.from')}</Table.Th>
                    <Table.Th>{t('classification.columns.classification')}</Table.Th>
                    <Table.Th>{t('classification.columns.decision')}</Table.Th>
                    <Table.Th>{t('classification.columns.until')}</Table.Th>
                    <Table.Th>{t('classification.columns.recorded')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {establishment.classificationHistory.map((entry) => (
                    <Table.Tr key={`${entry.recordedAt}-${entry.effectiveFrom}`}>
                      <Table.Td>{formatDate(entry.effectiveFrom)}</Table.Td>
                      <Table.Td>{entry.label ?? t('classification.unknownNature')}</Table.Td>
                      <Table.Td>{entry.classifiedOn ? formatDate(entry.classifiedOn) : '—'}</Table.Td>
                      <Table.Td>{entry.lapsesOn ? formatDate(entry.lapsesOn) : '—'}</Table.Td>
                      <Table.Td>
                        {entry.recordedBy
                          ? t('classification.recordedBy', {
                              date: formatDateTime(entry.recordedAt),
                              name: entry.recordedBy,
                            })
                          : formatDateTime(entry.recordedAt)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          </>
        )}
      </Stack>
    </Paper>
  );
}
