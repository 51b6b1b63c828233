import { Button, Group, List, Stack, Text } from '@mantine/core';
import { ONBOARDING_COLUMN_LABELS, ONBOARDING_COLUMNS, REQUIRED_ONBOARDING_COLUMNS } from '@sejour/domain';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { saveFile } from '../ui';
import { XLSX_TYPE } from '../ui/spreadsheet/xlsx';
import { TEMPLATE_NAME, templateCsv, templateXlsx } from './template';
import { useOnboardingTexts } from './texts';

/** The template to download and what each column holds. */
export function OnboardingTemplate() {
  const { t } = useOnboardingTexts();
  const [failed, setFailed] = useState(false);
  return (
    <Stack gap="xs" data-testid="onboarding-columns">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('template')}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<Download size={14} aria-hidden />}
          onClick={() => saveFile(templateCsv(), `${TEMPLATE_NAME}.csv`, 'text/csv;charset=utf-8')}
        >
          {t('templateCsv')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<Download size={14} aria-hidden />}
          onClick={async () => {
            setFailed(false);
            try {
              saveFile((await templateXlsx()) as BlobPart, `${TEMPLATE_NAME}.xlsx`, XLSX_TYPE);
            } catch {
              setFailed(true);
            }
          }}
        >
          {t('templateXlsx')}
        </Button>
      </Group>
      {failed && (
        <Text size="sm" c="red" role="alert">
          {t('templateFailed')}
        </Text>
      )}
      <Text size="sm">{t('columnsTitle')}</Text>
      <List size="sm" spacing={2}>
        {ONBOARDING_COLUMNS.map((column) => (
          <List.Item key={column}>
            <Text span fw={600} size="sm">
              {ONBOARDING_COLUMN_LABELS[column]}
            </Text>{' '}
            ({t(REQUIRED_ONBOARDING_COLUMNS.includes(column) ? 'required' : 'optional')}) :{' '}
            {t(`columns.${column}`)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
