import { Alert, Box, List, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Lines of the preview's table; the lines of a listed section are all shown. */
const PREVIEW_ROWS = 50;

/** Lines set apart above the table (refused, left out…), each with its message. */
export interface PreviewSection {
  testId: string;
  title?: string;
  lines: ReadonlyArray<{ line: number; message: string }>;
  note: string;
}

/** A line of the table: its cells after the line number, or what made it unreadable. */
export type PreviewRow = { cells: ReactNode } | { errors: readonly string[] };

/**
 * A spreadsheet file as it will be imported: a summary, the sections of lines set apart with their reasons,
 * then its first lines in a table that scrolls sideways on a phone, and how many more lines it holds.
 */
export function SpreadsheetPreview<L extends { line: number }>(props: {
  summary: { text: ReactNode; warn: boolean; testId: string };
  sections: readonly PreviewSection[];
  title: string;
  /** The headers after the line number's. */
  headers: readonly ReactNode[];
  lineHeader: ReactNode;
  minWidth: number;
  lines: readonly L[];
  row: (line: L) => PreviewRow;
  texts: { line: (line: number) => string; more: (count: number) => string };
}) {
  const { summary, texts, lines } = props;
  return (
    <Stack gap="sm">
      <Alert color={summary.warn ? 'orange' : 'green'} variant="light" data-testid={summary.testId}>
        {summary.text}
      </Alert>
      {props.sections
        .filter((section) => section.lines.length > 0)
        .map((section) => (
          <Stack gap={4} key={section.testId} data-testid={section.testId}>
            {section.title && <Text fw={600}>{section.title}</Text>}
            <List size="sm" spacing={2}>
              {section.lines.map((line) => (
                <List.Item key={line.line}>
                  <Text span fw={600} size="sm">
                    {texts.line(line.line)}
                  </Text>{' '}
                  : {line.message}
                </List.Item>
              ))}
            </List>
            <Text size="sm">{section.note}</Text>
          </Stack>
        ))}
      <Text fw={600}>{props.title}</Text>
      {/* Focusable, so that a keyboard scrolls the lines on a phone. */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={props.title}>
        <Table striped miw={props.minWidth}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{props.lineHeader}</Table.Th>
              {props.headers.map((header, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the headers are fixed, in their order
                <Table.Th key={index}>{header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.slice(0, PREVIEW_ROWS).map((line) => {
              const row = props.row(line);
              return (
                <Table.Tr key={line.line}>
                  <Table.Td>{line.line}</Table.Td>
                  {'cells' in row ? (
                    row.cells
                  ) : (
                    <Table.Td colSpan={props.headers.length} c="red">
                      {row.errors.join(' ')}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
      {lines.length > PREVIEW_ROWS && (
        <Text size="sm" c="dimmed">
          {texts.more(lines.length - PREVIEW_ROWS)}
        </Text>
      )}
    </Stack>
  );
}
