import { describe, expect, it } from 'vitest';
import { filterNumberText, numberText, parseNumberText } from './number';

describe('number input', () => {
  it('keeps only digits, dot, comma and minus; the comma becomes a dot', () => {
    expect(filterNumberText('1 2a3,45€')).toBe('123.45');
    expect(filterNumberText('12,5')).toBe('12.5');
  });

  it('keeps one leading minus and one dot', () => {
    expect(filterNumberText('-1-2')).toBe('-12');
    expect(filterNumberText('1-2')).toBe('12');
    expect(filterNumberText('1.2.3')).toBe('1.23');
  });

  it('can forbid negatives (the sign is dropped)', () => {
    expect(filterNumberText('-12', { allowNegative: false })).toBe('12');
    expect(parseNumberText(filterNumberText('-3,5', { allowNegative: false }))).toBe(3.5);
  });

  it('never rounds: a decimal typed is the value, for the field to say that a whole number is asked', () => {
    expect(parseNumberText('12.6')).toBe(12.6);
    expect(parseNumberText('3.5')).toBe(3.5);
    expect(parseNumberText('-0')).toBe(0);
  });

  it('limits decimals to 9 by default, or to the given number', () => {
    expect(filterNumberText('0.12345678912')).toBe('0.123456789');
    expect(filterNumberText('1.2345', { decimals: 2 })).toBe('1.23');
    expect(filterNumberText('1.5', { decimals: 0 })).toBe('1');
  });

  it('parses: empty is null, a lone sign or dot is not a number', () => {
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('-')).toBeNaN();
    expect(parseNumberText('.')).toBeNaN();
    expect(parseNumberText('12.')).toBe(12);
    expect(parseNumberText('-0.5')).toBe(-0.5);
    expect(parseNumberText('0')).toBe(0);
  });

  it('shows values back as text', () => {
    expect(numberText(null)).toBe('');
    expect(numberText(Number.NaN)).toBe('');
    expect(numberText(12.5)).toBe('12.5');
  });
});
