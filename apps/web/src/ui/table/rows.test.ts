import { describe, expect, it } from 'vitest';
import type { Column } from './columns';
import { searchRows, sortRows } from './rows';

interface Row {
  name: string;
  nights: number | null;
  open: boolean;
  city?: string;
}

const columns: Column<Row>[] = [
  { id: 'name', header: 'Nom' },
  { id: 'nights', header: 'Nuitées', type: 'number' },
  { id: 'open', header: 'Ouvert', type: 'boolean' },
  { id: 'city', header: 'Commune', optional: true, hidden: true, sortable: false },
];
const words = { yes: 'Oui', no: 'Non' };
const rows: Row[] = [
  { name: 'Hôtel du Pont', nights: 12, open: true, city: 'Metz' },
  { name: 'Gîte des Prés', nights: null, open: false, city: 'Sarrebourg' },
  { name: 'Camping Étoile', nights: 1200, open: true, city: 'Metz' },
  { name: 'hôtel Bellevue', nights: 12, open: false },
];
const names = (list: readonly Row[]) => list.map((row) => row.name);

describe("a client table's rows", () => {
  it('are searched over the shown text of every column, hidden ones too, accents and case ignored', () => {
    expect(names(searchRows(rows, columns, '  HOTEL ', words))).toEqual(['Hôtel du Pont', 'hôtel Bellevue']);
    expect(names(searchRows(rows, columns, 'sarrebourg', words))).toEqual(['Gîte des Prés']);
    // Numbers as shown in French ("1 200", with a narrow space), booleans as their words.
    expect(names(searchRows(rows, columns, '200', words))).toEqual(['Camping Étoile']);
    expect(names(searchRows(rows, columns, 'non', words))).toEqual(['Gîte des Prés', 'hôtel Bellevue']);
    expect(searchRows(rows, columns, '', words)).toBe(rows);
  });

  it('are sorted by several columns in order, ties keeping their order', () => {
    const byNights = sortRows(rows, columns, [{ id: 'nights', desc: false }]);
    expect(names(byNights)).toEqual(['Hôtel du Pont', 'hôtel Bellevue', 'Camping Étoile', 'Gîte des Prés']);
    const byNightsThenName = sortRows(rows, columns, [
      { id: 'nights', desc: false },
      { id: 'name', desc: true },
    ]);
    expect(names(byNightsThenName)).toEqual([
      'Hôtel du Pont',
      'hôtel Bellevue',
      'Camping Étoile',
      'Gîte des Prés',
    ]);
    const byNameDesc = sortRows(rows, columns, [{ id: 'name', desc: true }]);
    expect(names(byNameDesc)).toEqual(['Hôtel du Pont', 'hôtel Bellevue', 'Gîte des Prés', 'Camping Étoile']);
  });

  it('put empty values last going up and first going down', () => {
    expect(names(sortRows(rows, columns, [{ id: 'nights', desc: true }]))[0]).toBe('Gîte des Prés');
    expect(names(sortRows(rows, columns, [{ id: 'nights', desc: false }])).at(-1)).toBe('Gîte des Prés');
  });

  it('skip a column that is unknown or not sortable, and are left alone without a sort', () => {
    expect(names(sortRows(rows, columns, [{ id: 'city', desc: false }]))).toEqual(names(rows));
    expect(
      names(
        sortRows(rows, columns, [
          { id: 'nope', desc: true },
          { id: 'open', desc: false },
        ]),
      ),
    ).toEqual(['Gîte des Prés', 'hôtel Bellevue', 'Hôtel du Pont', 'Camping Étoile']);
    expect(sortRows(rows, columns, [])).toBe(rows);
  });
});
