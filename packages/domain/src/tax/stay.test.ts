import { describe, expect, it } from 'vitest';
import { pricingPayloadSchema } from '../pricing/schemas';
import { computePricingTable } from '../pricing/table';
import { lawfulPricingPayload } from '../testing/pricing';
import { simulateStay, stayFigures } from './stay';

describe('a stay in the calculator', () => {
  // HOTEL_3 at 1,70 €, NONE at 5 %.
  const lawful = lawfulPricingPayload();
  const table = computePricingTable(
    pricingPayloadSchema.parse({ ...lawful, rows: { ...lawful.rows, HOTEL_3: { tariff: 170 } } }),
  );

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
