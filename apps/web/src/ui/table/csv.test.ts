import { neutraliseFormula } from '@sejour/domain';
import { describe, expect, it } from 'vitest';
import type { Column } from './columns';
import { csvFileName, toCsv } from './csv';

interface Row {
  name: string;
  nights: number;
  amount: number;
  date: string;
  done: boolean;
}

const columns: Column<Row>[] = [
  { id: 'name', header: 'Nom' },
  { id: 'nights', header: 'Nuitées', type: 'number' },
  { id: 'amount', header: 'Montant (€)', type: 'money' },
  { id: 'date', header: 'Date', type: 'date' },
  { id: 'done', header: 'Terminée', type: 'boolean' },
];

const bytes = (text: string) => [...new TextEncoder().encode(text)];

describe('CSV export', () => {
  it('starts with the UTF-8 byte order mark, separates with commas and CRLF', () => {
    const csv = toCsv(
      [{ name: 'Hôtel du Lac', nights: 12, amount: 123456, date: '2026-01-31', done: true }],
      columns,
    );
    expect(bytes(csv).slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.slice(1)).toBe(
      'Nom,Nuitées,Montant (€),Date,Terminée\r\nHôtel du Lac,12,"1234,56",31/01/2026,Oui',
    );
  });

  it('writes numbers and dates in French, quoting the decimal comma', () => {
    const csv = toCsv([{ name: 'A', nights: -1234.5, amount: -5, date: '2026-12-01', done: false }], columns);
    expect(csv.split('\r\n')[1]).toBe('A,"-1234,5","-0,05",01/12/2026,Non');
  });

  it('escapes quotes, commas and line breaks the RFC 4180 way', () => {
    const csv = toCsv(
      [{ name: 'Le "Grand", hôtel\ndu port', nights: 0, amount: 0, date: '', done: false }],
      columns,
    );
    expect(csv.slice(1).split('\r\n').slice(1).join('\r\n')).toBe(
      '"Le ""Grand"", hôtel\ndu port",0,"0,00",,Non',
    );
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+33 6 12 34 56 78', "'+33 6 12 34 56 78"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', "'\rCR"],
    ['plain', 'plain'],
  ])('neutralises the formula %j', (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });

  it('neutralises formulas in text cells, never in numbers it formatted itself', () => {
    const csv = toCsv(
      [{ name: '=HYPERLINK("http://x")', nights: -3, amount: 0, date: '', done: true }],
      columns,
    );
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://x"")",-3,"0,00",,Oui`);
  });

  it('neutralises a formula hidden after a separator a French spreadsheet splits on', () => {
    const csv = toCsv([{ name: 'x;=1+1', nights: 1, amount: 0, date: '', done: true }], columns);
    expect(csv.split('\r\n')[1]).toBe(`"x;'=1+1",1,"0,00",,Oui`);
  });

  it('leaves out columns with csv: false and uses a column’s csv value', () => {
    const csv = toCsv(
      [{ name: 'A', nights: 1, amount: 0, date: '', done: true }],
      [
        { id: 'name', header: 'Nom', csv: (r: Row) => r.name.toLowerCase() },
        { id: 'nights', header: 'Nuitées', csv: false },
      ],
    );
    expect(csv.slice(1)).toBe('Nom\r\na');
  });

  it('names the file data.csv by default', () => {
    expect(csvFileName()).toBe('data.csv');
    expect(csvFileName('')).toBe('data.csv');
    expect(csvFileName('declarations')).toBe('declarations.csv');
    expect(csvFileName('resume.CSV')).toBe('resume.CSV');
  });
});
