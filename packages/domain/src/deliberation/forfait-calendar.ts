import type { Period } from '../calendar/dates';
import type { Month } from '../calendar/months';
import { pricingOfMonth } from '../tax/in-force';
import { deliberationOfStoredPricing, type StoredPricingPayload } from './deliberation';
import { type ForfaitPeriod, forfaitPeriodsOfYear, type Regime, regimeOf } from './forfait';
import type { Nature, Stars } from './natures';

/** Which regime applies when, from the deliberations stored as pricings (apart from forfait.ts: it reads them). */
/** What decides an establishment's regime: its nature and classification. */
export interface EstablishmentNature {
  nature: Nature | null;
  stars: Stars | null;
}

/**
 * The regime of an establishment's month: that of the deliberation in force on every night of it
 * (`pricingOfMonth`). A month under no deliberation, or under two, is au réel: declaring it says why it cannot
 * be computed, as it always did.
 */
export function regimeOfMonth(
  pricings: ReadonlyArray<Period & { payload: StoredPricingPayload }>,
  establishment: EstablishmentNature,
  year: number,
  month: Month,
): Regime {
  const pricing = pricingOfMonth(pricings, year, month);
  return pricing ? regimeOf(deliberationOfStoredPricing(pricing.payload).forfait, establishment) : 'REEL';
}

/**
 * The collection periods of a year an establishment declares au forfait: those of each deliberation of the
 * year that puts its nature au forfait, cut to the deliberation's dates, in order, with the pricing that
 * computes them.
 */
export function forfaitPeriodsOfEstablishment<P extends Period & { payload: StoredPricingPayload }>(
  pricings: readonly P[],
  establishment: EstablishmentNature,
  year: number,
): Array<ForfaitPeriod & { pricing: P }> {
  return pricings
    .flatMap((pricing) => {
      const deliberation = deliberationOfStoredPricing(pricing.payload);
      if (regimeOf(deliberation.forfait, establishment) !== 'FORFAIT') return [];
      return forfaitPeriodsOfYear(deliberation, year).map((period) => ({ ...period, pricing }));
    })
    .sort((a, b) => a.beginDate.localeCompare(b.beginDate));
}
