import { Alert, List, Stack, Text } from '@mantine/core';
import type { ImportReport } from './run-import';
import { useOnboardingTexts } from './texts';

/** The server's answer to a simulation or an import: counts, batches that went in, the refused lines. */
export function OnboardingReport({ report }: { report: ImportReport }) {
  const { t } = useOnboardingTexts();
  const dry = report.dryRun;
  const refused = report.lines.filter((l) => l.status === 'error');
  return (
    <Stack gap="sm" data-testid="onboarding-report">
      <Text fw={600}>{t(dry ? 'report.titleDry' : 'report.title')}</Text>
      <Alert color={report.failed ? 'red' : refused.length > 0 ? 'orange' : 'green'} role="status">
        <List size="sm" spacing={2}>
          <List.Item>
            {t(dry ? 'report.providersDry' : 'report.providers', { count: report.providersCreated })}
          </List.Item>
          <List.Item>
            {t(dry ? 'report.establishmentsDry' : 'report.establishments', {
              count: report.establishmentsCreated,
            })}
          </List.Item>
          <List.Item>{t('report.existing', { count: report.existing })}</List.Item>
          <List.Item>{t('report.refused', { count: report.refused })}</List.Item>
        </List>
      </Alert>
      {report.failed && (
        <Alert color="red" role="alert" data-testid="onboarding-failed">
          <Stack gap={4}>
            {report.done.map((range) => (
              <Text size="sm" key={range.first}>
                {t('report.done', { ...range })}
              </Text>
            ))}
            <Text size="sm" fw={600}>
              {t('report.failed', { ...report.failed })}
            </Text>
            {report.notSent > 0 && <Text size="sm">{t('report.notSent', { count: report.notSent })}</Text>}
            {!dry && <Text size="sm">{t('report.again')}</Text>}
          </Stack>
        </Alert>
      )}
      {refused.length > 0 && (
        <Stack gap={4} data-testid="onboarding-report-refused">
          <Text fw={600}>{t('report.refusedTitle')}</Text>
          <List size="sm" spacing={2}>
            {refused.map((line) => (
              <List.Item key={line.line}>
                <Text span fw={600} size="sm">
                  {t('line', { line: line.line })}
                </Text>{' '}
                : {line.errors.join(' ')}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
