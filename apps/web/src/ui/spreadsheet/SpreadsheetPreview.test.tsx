import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render';
import { SpreadsheetPreview } from './SpreadsheetPreview';

type Line = { line: number; ok: true; name: string } | { line: number; ok: false; errors: string[] };

const lines: Line[] = Array.from({ length: 52 }, (_, i) =>
  i === 1
    ? { line: i + 2, ok: false, errors: ['Nom : obligatoire.'] }
    : { line: i + 2, ok: true, name: `Nom ${i}` },
);

function preview(sections: { lines: { line: number; message: string }[] }[]) {
  return (
    <SpreadsheetPreview
      summary={{ text: '52 lignes lues.', warn: true, testId: 'summary' }}
      sections={sections.map((section, i) => ({
        ...section,
        testId: `section-${i}`,
        title: `Titre ${i}`,
        note: `Note ${i}`,
      }))}
      title="Aperçu des lignes"
      lineHeader="Ligne"
      headers={['Nom']}
      minWidth={300}
      lines={lines}
      row={(line) => (line.ok ? { cells: <Table.Td>{line.name}</Table.Td> } : { errors: line.errors })}
      texts={{ line: (line) => `Ligne ${line}`, more: (count) => `… et ${count} autres lignes.` }}
    />
  );
}

describe('SpreadsheetPreview', () => {
  it('shows the summary, the non-empty sections, the first 50 lines and how many more', () => {
    renderUi(preview([{ lines: [{ line: 3, message: 'Nom : obligatoire.' }] }, { lines: [] }]));
    expect(screen.getByTestId('summary')).toHaveTextContent('52 lignes lues.');
    expect(screen.getByTestId('section-0')).toHaveTextContent('Titre 0Ligne 3 : Nom : obligatoire.Note 0');
    expect(screen.queryByTestId('section-1')).toBeNull();
    const region = screen.getByRole('region', { name: 'Aperçu des lignes' });
    // The header and 50 lines; a refused line's reasons span the columns after its number.
    expect(region.querySelectorAll('tr')).toHaveLength(51);
    expect(within(region).getByText('Nom : obligatoire.')).toHaveAttribute('colspan', '1');
    expect(within(region).getByText('Nom 0')).toBeInTheDocument();
    expect(screen.getByText('… et 2 autres lignes.')).toBeInTheDocument();
  }, 30_000);
});
