import { z } from 'zod';
import type { Cents } from '../money/cents';
import { centsSchema } from '../money/schemas';
import { EXEMPTION_REASONS, type ExemptionReason } from '../register/exemptions';
import { countSchema } from '../tax/figures';

/**
 * Exemptions of persons (CGCT L2333-31): minors, seasonal workers employed in the territory, persons in
 * emergency or temporary housing, and — only where the council set an amount — occupants of premises whose
 * rent is below that amount (exemption 4°). The law's statement asks for exempted person-nights by reason.
 */

/**
 * The council's amount of exemption 4°, in cents per person per night; null when the deliberation sets none
 * (then no one is exempted for a low rent).
 */
export const lowRentThresholdSchema = centsSchema.nullable().default(null);

/**
 * Whether a stay's rent is below the threshold: its price (excluding tax, all occupants, all nights) divided by
 * its person-nights, compared exactly ("inférieur à": a rent equal to the amount is taxed).
 */
export function isRentBelowThreshold(
  stay: { price: Cents; nights: number; persons: number },
  threshold: Cents | null,
): boolean {
  if (threshold === null || stay.nights <= 0 || stay.persons <= 0) return false;
  return BigInt(stay.price) < BigInt(threshold) * BigInt(stay.nights) * BigInt(stay.persons);
}

/** A count per legal reason. */
export type ExemptionsByReason = Record<ExemptionReason, number>;

export function noExemptions(): ExemptionsByReason {
  return { MINOR: 0, SEASONAL_WORKER: 0, EMERGENCY_REHOUSING: 0, LOW_RENT: 0 };
}

/** The exempted total: the sum of the reasons. */
export function exemptedTotal(byReason: ExemptionsByReason): number {
  return EXEMPTION_REASONS.reduce((sum, reason) => sum + byReason[reason], 0);
}

export function addExemptions(a: ExemptionsByReason, b: ExemptionsByReason): ExemptionsByReason {
  const sum = noExemptions();
  for (const reason of EXEMPTION_REASONS) sum[reason] = a[reason] + b[reason];
  return sum;
}

/** A stay as exemptions read it: its persons, those the host exempted and why, its price and nights. */
export interface StayForExemption {
  persons: number;
  exempted: number;
  exemptionReason: ExemptionReason | null;
  /** Price of the whole stay excluding tax, all occupants. */
  price: Cents;
  nights: number;
}

/**
 * The exempted persons of a stay by reason, with the council's threshold applied. A rent below it exempts
 * every occupant: the persons the host already exempted keep their reason, the others are counted under
 * LOW_RENT. Without a threshold, or above it, the host's count and reason stand.
 */
export function stayExemptedPersons(stay: StayForExemption, threshold: Cents | null): ExemptionsByReason {
  const byReason = noExemptions();
  const own = stay.exemptionReason === null ? 0 : Math.min(stay.exempted, stay.persons);
  if (stay.exemptionReason !== null) byReason[stay.exemptionReason] += own;
  if (isRentBelowThreshold(stay, threshold)) byReason.LOW_RENT += stay.persons - own;
  return byReason;
}

/** Persons by reason times the taxed nights of a stay (or of its part in a month): exempted person-nights. */
export function exemptedPersonNights(persons: ExemptionsByReason, nights: number): ExemptionsByReason {
  const byReason = noExemptions();
  for (const reason of EXEMPTION_REASONS) byReason[reason] = persons[reason] * nights;
  return byReason;
}

export const exemptionMessages = {
  sumDiffers: (sum: number, total: number) =>
    `La somme des nuitées exonérées par motif (${sum}) doit être égale au total des nuitées exonérées (${total}).`,
} as const;

/** Exempted person-nights of a declaration, per reason; a reason left out is zero. */
export const exemptionsByReasonSchema = z.strictObject({
  MINOR: countSchema.default(0),
  SEASONAL_WORKER: countSchema.default(0),
  EMERGENCY_REHOUSING: countSchema.default(0),
  LOW_RENT: countSchema.default(0),
}) satisfies z.ZodType<ExemptionsByReason>;

/** Why a declaration's reasons do not add up to its exempted total, or undefined. */
export function exemptionsTotalError(
  byReason: ExemptionsByReason,
  exemptedCount: number,
): string | undefined {
  const sum = exemptedTotal(byReason);
  return sum === exemptedCount ? undefined : exemptionMessages.sumDiffers(sum, exemptedCount);
}
