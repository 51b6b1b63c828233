import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  csvAmount,
  csvCell,
  csvDocument,
  csvEuros,
  csvFile,
  csvFileStream,
  csvLine,
  csvNumber,
  neutraliseFormula,
} from './csv';

/**
 * Splits a line the way a spreadsheet reading it with another separator may: at every `sep`, even inside
 * quotes; a piece opening with a quote is read as a quoted cell.
 */
const naiveCells = (line: string, sep: string) =>
  line.split(sep).map((cell) => (cell.startsWith('"') ? cell.slice(1).replace(/""/g, '"') : cell));
const isFormula = (cell: string) => /^[ \u00a0]*[=+\-@\t\r]/.test(cell);

describe('CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const [input, expected] of [
      ['=SUM(A1)', "'=SUM(A1)"],
      ['+33 6', "'+33 6"],
      ['-2', "'-2"],
      ['@cmd', "'@cmd"],
      ['\tTAB', "'\tTAB"],
      ['\rCR', "'\rCR"],
      ['Hôtel', 'Hôtel'],
    ]) {
      expect(neutraliseFormula(input!)).toBe(expected);
    }
  });

  it('neutralises a formula start after any separator a French spreadsheet may split on', () => {
    expect(neutraliseFormula('x;=1+1')).toBe("x;'=1+1");
    expect(neutraliseFormula('x,=1+1')).toBe("x,'=1+1");
    expect(neutraliseFormula('x\t@SUM(1)')).toBe("x\t'@SUM(1)");
    expect(neutraliseFormula('a; -2;+3')).toBe("a; '-2;'+3");
    expect(neutraliseFormula('ligne\n=1+1')).toBe("ligne\n'=1+1");
    expect(neutraliseFormula('Metz, Nancy; Lyon')).toBe('Metz, Nancy; Lyon');
  });

  it('quotes cells with either separator, a quote, a tab or a line break, and ends lines with CRLF', () => {
    expect(csvLine(['Gîte "Le Lac", Metz', 12, null, 'a\nb'])).toBe('"Gîte ""Le Lac"", Metz";12;;"a\nb"\r\n');
    expect(csvLine(['a;b', 'c'])).toBe('"a;b";c\r\n');
    expect(csvLine(['=1+1', 'simple'])).toBe("'=1+1;simple\r\n");
    expect(csvLine(['x;=1+1', 'y'], ',')).toBe(`"x;'=1+1",y\r\n`);
    expect(csvLine([' padded '])).toBe('" padded "\r\n');
  });

  it('writes numbers with a decimal comma, bare in a `;` file and quoted in a `,` file', () => {
    expect(csvLine([1234.5, -3, csvAmount(37620)])).toBe('1234,5;-3;376,20\r\n');
    expect(csvLine([1234.5, -3, csvAmount(-150)], ',')).toBe('"1234,5",-3,"-1,50"\r\n');
  });

  it('writes any number as the French format does: integers, fractions, -0 and beyond 2^53', () => {
    const french = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 20, useGrouping: false });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.double({ noNaN: true }),
          fc.constantFrom(-0, 2 ** 53, -(2 ** 60)),
        ),
        (value) => {
          const text = french.format(value);
          expect(csvCell(value)).toBe(text);
          expect(csvCell(value, ',')).toBe(text.includes(',') ? `"${text}"` : text);
        },
      ),
    );
  });

  it('takes only plain numbers as numbers: anything else is text, neutralised', () => {
    expect(csvCell(csvNumber('-1,5'))).toBe('-1,5');
    expect(csvCell(csvNumber('-1+1'))).toBe("'-1+1");
    expect(csvCell(csvNumber('=1'))).toBe("'=1");
  });

  it('writes a document with the byte order mark, CRLF between lines', () => {
    expect(
      csvDocument(
        [
          ['a', 'b'],
          ['c', 1],
        ],
        ',',
      ),
    ).toBe(`${CSV_BOM}a,b\r\nc,1`);
  });

  it('writes a file as the byte order mark, the header and each row, every line ended by CRLF', () => {
    const header = ['Nom', 'Montant (€)'];
    const rows = [
      ['Hôtel "Lac"', csvAmount(1250)],
      ['=1', -2],
    ];
    const expected = `${CSV_BOM}${csvLine(header)}${csvLine(rows[0]!)}${csvLine(rows[1]!)}`;
    expect(csvFile(header, rows)).toBe(expected);
    expect(expected).toBe(`${CSV_BOM}Nom;Montant (€)\r\n"Hôtel ""Lac""";12,50\r\n'=1;-2\r\n`);
    expect(csvFile(header, rows, ',', { finalLineBreak: false })).toBe(
      `${CSV_BOM}Nom,Montant (€)\r\n"Hôtel ""Lac""","12,50"\r\n'=1,-2`,
    );
    expect(csvFile(header, [])).toBe(`${CSV_BOM}Nom;Montant (€)\r\n`);
  });

  it('streams the same file: the header first, then one chunk per batch that has rows', async () => {
    const header = ['a', 'b'];
    async function* batches() {
      yield [['x', 1]];
      yield [];
      yield [
        ['y', 2],
        ['z', 3],
      ];
    }
    const chunks: string[] = [];
    for await (const chunk of csvFileStream(header, batches())) chunks.push(chunk);
    expect(chunks).toEqual([`${CSV_BOM}a;b\r\n`, 'x;1\r\n', 'y;2\r\nz;3\r\n']);
    expect(chunks.join('')).toBe(
      csvFile(header, [
        ['x', 1],
        ['y', 2],
        ['z', 3],
      ]),
    );
  });

  it('stops reading the batches when the reader stops', async () => {
    let closed = false;
    async function* batches() {
      try {
        for (let i = 0; ; i++) yield [[i]];
      } finally {
        closed = true;
      }
    }
    const stream = csvFileStream(['n'], batches());
    await stream.next();
    await stream.next();
    await stream.return(undefined);
    expect(closed).toBe(true);
  });

  it('never lets a spreadsheet splitting on ; , or tab see a formula, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: fc.constantFrom('=', '+', '-', '@', ';', ',', '\t', ' ', 'a', '1', '"', '\n') }),
        ),
        fc.constantFrom<';' | ','>(';', ','),
        (cells, separator) => {
          const line = csvLine(cells, separator).slice(0, -2);
          for (const sep of [';', ',', '\t', '\n']) {
            for (const cell of naiveCells(line, sep))
              expect(isFormula(cell), JSON.stringify(line)).toBe(false);
          }
        },
      ),
    );
  });

  it('writes euros with a decimal comma and two decimals', () => {
    expect(csvEuros(123456)).toBe('1234,56');
    expect(csvEuros(5)).toBe('0,05');
    expect(csvEuros(0)).toBe('0,00');
    expect(csvEuros(-150)).toBe('-1,50');
  });
});
