import { Button, Group, List, Stack, Text } from '@mantine/core';
import { REQUIRED_STAY_COLUMNS, STAY_COLUMN_LABELS, STAY_COLUMNS } from '@sejour/domain';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { saveFile, TEMPLATE_NAME, templateCsv, templateXlsx } from './template';
import { useRegisterTexts } from './texts';

/** The template to download and what each column holds, before any file is chosen. */
export function ImportTemplate() {
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
