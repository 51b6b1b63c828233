import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXEMPTION_REASONS, type ExemptionReason } from '../register/exemptions';
import {
  addExemptions,
  exemptedPersonNights,
  exemptedTotal,
  exemptionsByReasonSchema,
  exemptionsTotalError,
  isRentBelowThreshold,
  lowRentThresholdSchema,
  stayExemptedPersons,
} from './exemptions';

describe('the low-rent threshold (exemption 4°)', () => {
  it('exempts a rent below the amount per person per night, not one equal to it', () => {
    // 1 € per person per night; 3 nights for 2 persons.
    expect(isRentBelowThreshold({ price: 599, nights: 3, persons: 2 }, 100)).toBe(true);
    expect(isRentBelowThreshold({ price: 600, nights: 3, persons: 2 }, 100)).toBe(false);
    expect(isRentBelowThreshold({ price: 0, nights: 3, persons: 2 }, null)).toBe(false);
    expect(lowRentThresholdSchema.parse(undefined)).toBeNull();
  });

  it('compares the exact rent per person-night with the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 366 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 99 }),
        (perPersonNight, nights, persons, threshold, extra) => {
          // A price of exactly so much per person-night, plus less than one cent's worth spread over them.
          const price = perPersonNight * nights * persons + Math.min(extra, nights * persons - 1);
          expect(isRentBelowThreshold({ price, nights, persons }, threshold)).toBe(
            perPersonNight < threshold,
          );
        },
      ),
    );
  });
});

const stay = (over: Partial<Parameters<typeof stayExemptedPersons>[0]> = {}) => ({
  persons: 4,
  exempted: 2,
  exemptionReason: 'MINOR' as ExemptionReason | null,
  price: 70_000,
  nights: 7,
  ...over,
});

describe('exempted persons by reason', () => {
  it('keeps the host’s reason; a rent below the threshold exempts the other occupants as LOW_RENT', () => {
    expect(stayExemptedPersons(stay(), 100)).toEqual({
      MINOR: 2,
      SEASONAL_WORKER: 0,
      EMERGENCY_REHOUSING: 0,
      LOW_RENT: 0,
    });
    expect(stayExemptedPersons(stay({ price: 2_000 }), 100)).toEqual({
      MINOR: 2,
      SEASONAL_WORKER: 0,
      EMERGENCY_REHOUSING: 0,
      LOW_RENT: 2,
    });
    expect(stayExemptedPersons(stay({ exempted: 0, exemptionReason: null, price: 0 }), 100).LOW_RENT).toBe(4);
    expect(stayExemptedPersons(stay({ price: 0 }), null).LOW_RENT).toBe(0);
  });

  it('counts person-nights by reason, whose sum is the exempted total', () => {
    const nights = exemptedPersonNights(stayExemptedPersons(stay({ price: 2_000 }), 100), 5);
    expect(nights).toEqual({ MINOR: 10, SEASONAL_WORKER: 0, EMERGENCY_REHOUSING: 0, LOW_RENT: 10 });
    expect(exemptedTotal(nights)).toBe(20);
    expect(addExemptions(nights, nights).LOW_RENT).toBe(20);
  });

  it('never exempts more persons than the stay has; all of them when the rent is below the threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.nat(),
        fc.option(fc.constantFrom(...EXEMPTION_REASONS)),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 366 }),
        fc.option(fc.integer({ min: 0, max: 500 })),
        (persons, exemptedSeed, reason, price, nights, threshold) => {
          const exempted = reason === null ? 0 : exemptedSeed % (persons + 1);
          const input = { persons, exempted, exemptionReason: reason, price, nights };
          const byReason = stayExemptedPersons(input, threshold);
          const below = isRentBelowThreshold(input, threshold);
          expect(exemptedTotal(byReason)).toBe(below ? persons : exempted);
          if (reason !== null && reason !== 'LOW_RENT') expect(byReason[reason]).toBe(exempted);
        },
      ),
    );
  });
});

describe('a declaration’s exempted person-nights by reason', () => {
  it('defaults every reason to zero and refuses reasons that do not add up to the total, in French', () => {
    const byReason = exemptionsByReasonSchema.parse({ MINOR: 12, LOW_RENT: 3 });
    expect(byReason).toEqual({ MINOR: 12, SEASONAL_WORKER: 0, EMERGENCY_REHOUSING: 0, LOW_RENT: 3 });
    expect(exemptionsTotalError(byReason, 15)).toBeUndefined();
    expect(exemptionsTotalError(byReason, 14)).toBe(
      'La somme des nuitées exonérées par motif (15) doit être égale au total des nuitées exonérées (14).',
    );
    expect(exemptionsByReasonSchema.safeParse({ MINOR: -1 }).success).toBe(false);
    expect(exemptionsByReasonSchema.safeParse({ STUDENT: 1 }).success).toBe(false);
  });
});
