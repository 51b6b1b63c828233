import { describe, expect, it } from 'vitest';
import { fromHundredths, toHundredths } from './hundredths';

describe('hundredths', () => {
  it('reads cents as euros and basis points as percents', () => {
    expect(fromHundredths(170)).toBe(1.7);
    expect(fromHundredths(0)).toBe(0);
    expect(fromHundredths(123456)).toBe(1234.56);
  });

  it('turns a typed amount back into whole hundredths, rounding what binary floats miss', () => {
    expect(toHundredths(1.7)).toBe(170);
    // 0.29 × 100 is 28.999999999999996 in floating point.
    expect(toHundredths(0.29)).toBe(29);
    expect(toHundredths(1234.56)).toBe(123456);
    expect(toHundredths(fromHundredths(4_999_999))).toBe(4_999_999);
  });

  it('keeps an empty value absent and an invalid one invalid', () => {
    expect(toHundredths(null)).toBeUndefined();
    expect(toHundredths(undefined)).toBeUndefined();
    expect(toHundredths(Number.NaN)).toBeNaN();
  });
});
