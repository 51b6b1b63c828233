/**
 * Money is an integer number of euro cents, rates an integer number of basis points (1 % = 100 bp, so
 * 4.4 % = 440). Binary floating point never touches an amount: 0.1 + 0.2 !== 0.3, and a tax notice must
 * add up to the cent.
 */
export type Cents = number;
export type BasisPoints = number;

export const BASIS_POINTS_PER_UNIT = 10_000;

/** Largest amount any field accepts (1 000 000 000,00 €): keeps every product below 2^53. */
export const MAX_CENTS = 100_000_000_000;

function toBigInt(value: number | bigint, name: string): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
  return BigInt(value);
}

/**
 * Rounds the rational amount `numerator ÷ denominator` (in cents) to whole cents, half-up: half a cent goes
 * up, away from zero for a negative amount (commercial rounding, like Java's HALF_UP). Exact: only integer
 * arithmetic, in bigint so that a product such as rate × rent can never overflow.
 *
 * roundHalfUpToCents(165 * 1000, 10_000) === 17 (10 % of 1,65 € = 0,165 € → 0,17 €).
 */
export function roundHalfUpToCents(numerator: number | bigint, denominator: number | bigint = 1): Cents {
  let n = toBigInt(numerator, 'numerator');
  let d = toBigInt(denominator, 'denominator');
  if (d === 0n) throw new RangeError('denominator must not be 0');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  const quotient = magnitude / d;
  const rounded = 2n * (magnitude % d) >= d ? quotient + 1n : quotient;
  const result = Number(negative ? -rounded : rounded);
  if (!Number.isSafeInteger(result)) throw new RangeError(`amount out of range: ${result}`);
  return result === 0 ? 0 : result; // never -0
}

/** `cents × rate`, rounded half-up to the cent: 10 % (1000 bp) of 170 is 17. */
export function applyBasisPoints(cents: Cents, rate: BasisPoints): Cents {
  return roundHalfUpToCents(toBigInt(cents, 'cents') * toBigInt(rate, 'rate'), BASIS_POINTS_PER_UNIT);
}
