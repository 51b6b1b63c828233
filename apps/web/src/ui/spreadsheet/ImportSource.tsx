import { Alert, FileInput, NativeSelect, Progress, SimpleGrid, Stack, Text } from '@mantine/core';

/** The words of an import's first steps, in the importing feature's own texts. */
export interface ImportSourceTexts {
  file: string;
  clear: string;
  reading: string;
  checking: string;
  mapping: string;
  mappingHelp: string;
  /** The choice "no column" of a mapping select. */
  none: string;
  /** "Columns still to choose: …", given the missing columns' labels joined. */
  missing: (columns: string) => string;
}

/**
 * The first steps every spreadsheet import shares: the file picked (CSV, XLSX or ODS), its reading and the
 * lines' checking with their progress, an error, then which column of the file holds each expected field, and
 * the fields still without one. The importing screen owns the state and what follows (preview, sending).
 */
export function ImportSource<C extends string>(props: {
  texts: ImportSourceTexts;
  columns: readonly C[];
  labels: Readonly<Record<C, string>>;
  file: File | null;
  onChoose: (file: File | null) => void;
  busy: boolean;
  stage: 'reading' | 'checking' | string;
  /** Share of the lines checked, 0–100. */
  progress: number;
  error: string | null;
  /** The file's header cells, once read. */
  headers: readonly string[] | null;
  mapping: Readonly<Record<C, number | null>> | null;
  onMapping: (next: Record<C, number | null>) => void;
  missing: readonly C[];
}) {
  const { texts, columns, labels, headers, mapping, busy } = props;
  return (
    <>
      <FileInput
        label={texts.file}
        accept=".csv,.txt,.tsv,.xlsx,.ods,text/csv"
        value={props.file}
        onChange={props.onChoose}
        disabled={busy}
        clearable
        clearButtonProps={{ 'aria-label': texts.clear }}
      />
      {props.stage === 'reading' && <Text size="sm">{texts.reading}</Text>}
      {props.stage === 'checking' && (
        <Stack gap={4}>
          <Text size="sm">{texts.checking}</Text>
          <Progress value={props.progress} aria-label={texts.checking} />
        </Stack>
      )}
      {props.error && (
        <Alert color="red" role="alert">
          {props.error}
        </Alert>
      )}
      {headers && mapping && (
        <Stack gap="xs">
          <Text fw={600}>{texts.mapping}</Text>
          <Text size="sm" c="dimmed">
            {texts.mappingHelp}
          </Text>
          {/* Aligned on their selects: a label on two lines does not push its select below the others. */}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" style={{ alignItems: 'end' }}>
            {columns.map((column) => (
              <NativeSelect
                key={column}
                label={labels[column]}
                value={mapping[column] === null ? '' : String(mapping[column])}
                disabled={busy}
                data={[
                  { value: '', label: texts.none },
                  ...headers.map((header, index) => ({
                    value: String(index),
                    label: header || `#${index + 1}`,
                  })),
                ]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  props.onMapping({ ...mapping, [column]: value === '' ? null : Number(value) });
                }}
              />
            ))}
          </SimpleGrid>
          {props.missing.length > 0 && (
            <Alert color="orange">
              {texts.missing(props.missing.map((column) => labels[column]).join(', '))}
            </Alert>
          )}
        </Stack>
      )}
    </>
  );
}
