/**
 * Amounts travel in cents and rates in basis points; people type and read euros and percents. Every screen
 * converts through these two, so that a value is never scaled twice or rounded differently in two places.
 */

/** 170 (cents, or basis points) → 1.7 (euros, or percent as typed). */
export function fromHundredths(value: number): number {
  return value / 100;
}

/** 1.7 (euros, or percent as typed) → 170 (cents, or basis points); empty stays absent, NaN stays NaN. */
export function toHundredths(value: number): number;
export function toHundredths(value: number | null | undefined): number | undefined;
export function toHundredths(value: number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  return Math.round(value * 100);
}
