import { cellsOfRow, guessOnboardingMapping, ONBOARDING_COLUMNS, parseOnboardingLine } from '@sejour/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPhone } from '../ui/fields/phone-loader';
import { readCsv, readSpreadsheet } from '../ui/spreadsheet/read-file';
import { templateCsv, templateXlsx } from './template';

/** A template read back as the import reads a file: every column recognised, every example line accepted. */
function readBack(rows: unknown[][]) {
  const [header = [], ...lines] = rows as string[][];
  const mapping = guessOnboardingMapping(header);
  expect(ONBOARDING_COLUMNS.filter((column) => mapping[column] === null)).toEqual([]);
  return lines.map((row, i) => parseOnboardingLine({ line: i + 2, cells: cellsOfRow(row, mapping) }));
}

describe('the onboarding templates', () => {
  // The phone rule runs on the phone field's library, as on the screen.
  beforeAll(() => loadPhone());

  it('the CSV imports as it is', async () => {
    const read = readBack(await readCsv(new TextEncoder().encode(templateCsv())));
    expect(read.map((l) => l.ok)).toEqual([true, true, true]);
  });

  it('the XLSX imports as it is', async () => {
    const file = new File([(await templateXlsx()) as BlobPart], 'modele.xlsx');
    const read = readBack(await readSpreadsheet(file));
    expect(read.map((l) => (l.ok ? l.provider.email : l.errors))).toEqual([
      'claire.martin@exemple.fr',
      'claire.martin@exemple.fr',
      'paul.bernard@exemple.fr',
    ]);
  });
});
