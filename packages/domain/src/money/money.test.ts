import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBasisPoints, roundHalfUpToCents } from './cents';
import {
  euroFormatter,
  formatBasisPoints,
  formatEuros,
  parseEurosToCents,
  parsePercentToBasisPoints,
} from './format';
import { centsSchema } from './schemas';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('roundHalfUpToCents', () => {
  it('rounds half a cent up', () => {
    expect(roundHalfUpToCents(165 * 1000, 10_000)).toBe(17); // 0,165 € → 0,17 €
    expect(roundHalfUpToCents(164 * 1000, 10_000)).toBe(16); // 0,164 € → 0,16 €
    expect(roundHalfUpToCents(25, 10)).toBe(3); // 2,5 cents → 3
    expect(roundHalfUpToCents(24_999, 10_000)).toBe(2);
    expect(roundHalfUpToCents(5, 1)).toBe(5);
    expect(roundHalfUpToCents(1, 3)).toBe(0);
    expect(roundHalfUpToCents(2, 3)).toBe(1);
  });

  it('rounds a negative half away from zero and never returns -0', () => {
    expect(roundHalfUpToCents(-25, 10)).toBe(-3);
    expect(roundHalfUpToCents(-24, 10)).toBe(-2);
    expect(Object.is(roundHalfUpToCents(-1, 10), 0)).toBe(true);
    expect(roundHalfUpToCents(25, -10)).toBe(-3);
  });

  it('is exact where floating point is not', () => {
    // 1.005 * 100 === 100.49999999999999 in binary floating point; 1,005 € is 100.5 cents → 101.
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(roundHalfUpToCents(1005, 10)).toBe(101);
    expect(roundHalfUpToCents(10n ** 20n + 5n * 10n ** 12n, 10n ** 13n)).toBe(10_000_001); // 10^7 + 0,5
    expect(roundHalfUpToCents(10n ** 20n + 5n * 10n ** 12n - 1n, 10n ** 13n)).toBe(10_000_000);
  });

  it('refuses a zero denominator and non-integers', () => {
    expect(() => roundHalfUpToCents(1, 0)).toThrow(RangeError);
    expect(() => roundHalfUpToCents(1.5, 1)).toThrow(RangeError);
  });

  it('agrees with the textbook definition floor(n/d + 1/2) for non-negative amounts', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e12 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        const expected = (BigInt(n) * 2n + BigInt(d)) / (2n * BigInt(d));
        expect(roundHalfUpToCents(n, d)).toBe(Number(expected));
      }),
    );
  });

  it('applies a rate in basis points', () => {
    expect(applyBasisPoints(170, 1000)).toBe(17);
    expect(applyBasisPoints(165, 1000)).toBe(17);
    expect(applyBasisPoints(25, 1000)).toBe(3);
    expect(applyBasisPoints(2500, 440)).toBe(110);
  });
});

describe('formatting and parsing euros', () => {
  it('formats cents as French euros with no-break spaces', () => {
    expect(formatEuros(123_456)).toBe(`1${NNBSP}234,56${NBSP}€`);
    expect(formatEuros(170)).toBe(`1,70${NBSP}€`);
    expect(formatEuros(0)).toBe(`0,00${NBSP}€`);
    expect(formatEuros(100_000_000_000)).toBe(`1${NNBSP}000${NNBSP}000${NNBSP}000,00${NBSP}€`);
    expect(euroFormatter.resolvedOptions().locale).toBe('fr-FR');
    expect(formatBasisPoints(440)).toBe(`4,4${NBSP}%`);
    expect(formatBasisPoints(500)).toBe(`5${NBSP}%`);
  });

  it('parses French and dotted decimals to cents, exactly', () => {
    expect(parseEurosToCents('1 234,56')).toBe(123_456);
    expect(parseEurosToCents(`1${NNBSP}234,56${NBSP}€`)).toBe(123_456);
    expect(parseEurosToCents('1234.56')).toBe(123_456);
    expect(parseEurosToCents('0,1')).toBe(10);
    expect(parseEurosToCents('12')).toBe(1200);
    expect(parseEurosToCents('12,')).toBe(1200);
    expect(parseEurosToCents('-0,5')).toBe(-50);
    expect(parseEurosToCents('1.15')).toBe(115); // 1.15 * 100 is 114.99999999999999 in floating point
    expect(parseEurosToCents('1,234')).toBeNull();
    expect(parseEurosToCents('12 34')).toBeNull();
    expect(parseEurosToCents('abc')).toBeNull();
    expect(parseEurosToCents('')).toBeNull();
    expect(parseEurosToCents('99999999999999999999')).toBeNull();
    expect(parsePercentToBasisPoints('4,4 %')).toBe(440);
    expect(parsePercentToBasisPoints('5')).toBe(500);
    expect(parsePercentToBasisPoints('4,455')).toBeNull();
  });

  it('round-trips every amount through the formatter', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        expect(parseEurosToCents(formatEuros(cents))).toBe(cents);
      }),
    );
  });

  it('validates cents as non-negative integers', () => {
    expect(centsSchema.safeParse(1.5).error?.issues[0]?.message).toBe(
      'Veuillez choisir une valeur numérique valide.',
    );
    expect(centsSchema.safeParse(-1).error?.issues[0]?.message).toBe(
      'Veuillez sélectionner une valeur supérieure ou égale à 0.',
    );
    expect(centsSchema.safeParse(100_000_000_001).error?.issues[0]?.message).toBe(
      `Veuillez sélectionner une valeur inférieure ou égale à 1${NNBSP}000${NNBSP}000${NNBSP}000,00${NBSP}€.`,
    );
  });
});
