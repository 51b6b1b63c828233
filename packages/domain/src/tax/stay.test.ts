import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pricingPayloadSchema } from '../pricings/schemas';
import { computePricingTable } from '../pricings/table';
import { lawfulPricingPayload } from '../testing/pricing';
import { STAY_MAX_COUNT, simulateStay, stayFigures, staySchema } from './stay';

// HOTEL_3 at 1,70 €, NONE at 5 %.
const lawful = lawfulPricingPayload();
const table = computePricingTable(
  pricingPayloadSchema.parse({ ...lawful, rows: { ...lawful.rows, HOTEL_3: { tariff: 170 } } }),
);

describe('a stay in the calculator', () => {
  it('computes the reference example for unclassified lets: 700 € for 7 nights, 4 persons, 2 minors', () => {
    const results = simulateStay({ nights: 7, persons: 4, exempted: 2, pricePerNight: 10_000 }, table);
    const none = results?.find((r) => r.type === 'NONE')?.tax;
    expect(none).toMatchObject({ cc: 1750, moselle: 182, total: 1932, taxableNights: 14 });
  });

  it('uses each classified tariff on taxable person-nights', () => {
    const results = simulateStay({ nights: 3, persons: 2, exempted: 1, pricePerNight: 8_000 }, table);
    expect(results?.find((r) => r.type === 'HOTEL_3')?.tax).toMatchObject({
      taxableNights: 3,
      cc: 510,
      moselle: 51,
      total: 561,
    });
  });

  it('puts a night under the threshold in the lower band', () => {
    const figures = stayFigures({ nights: 2, persons: 2, exempted: 0, pricePerNight: 9_999 }, 10_000);
    expect(figures).toMatchObject({ nightsCountInf: 4, prixInf: 19_998, nightsCountSup: 0, prixSup: 0 });
  });

  it('refuses more exempted persons than persons', () => {
    expect(simulateStay({ nights: 2, persons: 1, exempted: 2, pricePerNight: 5_000 }, table)).toBeNull();
  });
});

describe('staySchema', () => {
  const valid = { nights: 7, persons: 4, exempted: 2, pricePerNight: 10_000 };
  const messages = (input: Record<string, unknown>) =>
    Object.fromEntries(
      (staySchema.safeParse(input).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );

  it('accepts a whole stay, including zeros and a free night', () => {
    expect(staySchema.parse(valid)).toEqual(valid);
    const free = { nights: 0, persons: 0, exempted: 0, pricePerNight: 0 };
    expect(staySchema.parse(free)).toEqual(free);
  });

  it('asks for every field, in French', () => {
    expect(messages({ nights: null, persons: undefined, exempted: 0, pricePerNight: null })).toEqual({
      nights: 'Veuillez compléter ce champ.',
      persons: 'Veuillez compléter ce champ.',
      pricePerNight: 'Veuillez compléter ce champ.',
    });
    expect(messages({ ...valid, nights: Number.NaN })).toEqual({
      nights: 'Veuillez choisir une valeur numérique valide.',
    });
  });

  it('wants whole counts, none negative or huge, and a price of zero or more', () => {
    expect(messages({ ...valid, nights: 1.5, persons: -1, exempted: STAY_MAX_COUNT + 1 })).toEqual({
      nights: 'Veuillez saisir un nombre entier.',
      persons: 'Veuillez sélectionner une valeur supérieure ou égale à 0.',
      exempted: 'Veuillez sélectionner une valeur inférieure ou égale à 999999.',
    });
    expect(messages({ ...valid, pricePerNight: -1 })).toEqual({
      pricePerNight: 'Veuillez sélectionner une valeur supérieure ou égale à 0.',
    });
  });

  it('refuses more exempted persons than persons, on the exempted field', () => {
    expect(messages({ ...valid, persons: 2, exempted: 3 })).toEqual({
      exempted: 'Veuillez sélectionner une valeur inférieure ou égale à 2.',
    });
    expect(staySchema.safeParse({ ...valid, persons: 3, exempted: 3 }).success).toBe(true);
  });

  it('keeps person-nights and the rent within what a declaration holds', () => {
    expect(messages({ ...valid, nights: 1000, persons: 10_001 })).toEqual({
      persons: 'Veuillez sélectionner une valeur inférieure ou égale à 10000.',
    });
    // 1 000 nights: the stay's rent must fit a declaration's rent (21 474 836,47 €), so 21 474,83 € a night.
    expect(messages({ ...valid, nights: 1000, pricePerNight: 2_147_484 }).pricePerNight).toMatch(
      /^Veuillez sélectionner une valeur inférieure ou égale à 21[\s\u202f]474,83/,
    );
  });

  it('what it accepts, the engine can always compute', () => {
    // Small stays as often as stays at the limits.
    const count = fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: STAY_MAX_COUNT }));
    const price = fc.oneof(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 100_000_000_000 }));
    fc.assert(
      fc.property(count, count, count, price, (nights, persons, exempted, pricePerNight) => {
        const parsed = staySchema.safeParse({ nights, persons, exempted, pricePerNight });
        if (parsed.success) expect(simulateStay(parsed.data, table)).not.toBeNull();
        if (exempted > persons) expect(parsed.success).toBe(false);
      }),
    );
  });
});
