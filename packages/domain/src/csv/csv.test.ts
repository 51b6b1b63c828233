import { describe, expect, it } from 'vitest';
import { csvEuros, csvLine, neutraliseFormula } from './csv';

describe('CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const [input, expected] of [
      ['=SUM(A1)', "'=SUM(A1)"],
      ['+33 6', "'+33 6"],
      ['-2', "'-2"],
      ['@cmd', "'@cmd"],
      ['Hôtel', 'Hôtel'],
    ]) {
      expect(neutraliseFormula(input!)).toBe(expected);
    }
  });

  it('quotes cells with separators, quotes or line breaks, and ends lines with CRLF', () => {
    expect(csvLine(['Gîte "Le Lac", Metz', 12, null, 'a\nb'])).toBe('"Gîte ""Le Lac"", Metz",12,,"a\nb"\r\n');
    expect(csvLine(['=1+1', 'simple'])).toBe("'=1+1,simple\r\n");
  });

  it('writes euros with a decimal comma and two decimals', () => {
    expect(csvEuros(123456)).toBe('1234,56');
    expect(csvEuros(5)).toBe('0,05');
    expect(csvEuros(0)).toBe('0,00');
    expect(csvEuros(-150)).toBe('-1,50');
  });
});
