import { Button, Group, List, Stack, Text } from '@mantine/core';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { saveFile } from '../save-file';
import { XLSX_TYPE } from './xlsx';

/** The words of an import's template block, in the importing feature's own texts. */
export interface SpreadsheetTemplateTexts {
  title: string;
  csv: string;
  xlsx: string;
  failed: string;
  columnsTitle: string;
  required: string;
  optional: string;
}

/**
 * The template every spreadsheet import offers before a file is chosen: its CSV and XLSX to download, then
 * each expected column, whether it is required, and what it holds.
 */
export function SpreadsheetTemplate<C extends string>(props: {
  texts: SpreadsheetTemplateTexts;
  columns: readonly C[];
  labels: Readonly<Record<C, string>>;
  required: readonly C[];
  /** What a column holds, in the feature's texts. */
  describe: (column: C) => string;
  /** The downloaded files' name, without extension. */
  name: string;
  csv: () => string;
  xlsx: () => Promise<Uint8Array>;
  testId: string;
}) {
  const { texts, columns, labels, required, describe, name } = props;
  const [failed, setFailed] = useState(false);
  return (
    <Stack gap="xs" data-testid={props.testId}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {texts.title}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<Download size={14} aria-hidden />}
          onClick={() => saveFile(props.csv(), `${name}.csv`, 'text/csv;charset=utf-8')}
        >
          {texts.csv}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<Download size={14} aria-hidden />}
          onClick={async () => {
            setFailed(false);
            try {
              saveFile((await props.xlsx()) as BlobPart, `${name}.xlsx`, XLSX_TYPE);
            } catch {
              setFailed(true);
            }
          }}
        >
          {texts.xlsx}
        </Button>
      </Group>
      {failed && (
        <Text size="sm" c="red" role="alert">
          {texts.failed}
        </Text>
      )}
      <Text size="sm">{texts.columnsTitle}</Text>
      <List size="sm" spacing={2}>
        {columns.map((column) => (
          <List.Item key={column}>
            <Text span fw={600} size="sm">
              {labels[column]}
            </Text>{' '}
            ({required.includes(column) ? texts.required : texts.optional}) : {describe(column)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
