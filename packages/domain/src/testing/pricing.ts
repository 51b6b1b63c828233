import type { PricingPayloadInput } from '../pricings/schemas';

/**
 * A lawful pricing table for tests (never used by the product): valid for every year with bounds
 * (2024–2026) — HOTEL_3 at 1,50 € is under the 2024 ceiling of 1,60 €.
 */
export function lawfulPricingPayload(overrides: Partial<PricingPayloadInput> = {}): PricingPayloadInput {
  return {
    beginDate: '2026-01-01',
    endDate: '2026-12-31',
    rows: {
      PALACES: { tariff: 300 },
      HOTEL_5: { tariff: 250 },
      HOTEL_4: { tariff: 200 },
      HOTEL_3: { tariff: 150 },
      HOTEL_2: { tariff: 100 },
      HOTEL_1: { tariff: 80 },
      CAMPING_345: { tariff: 60 },
      CAMPING_12: { tariff: 20 },
      NONE: { rate: 500 },
    },
    ...overrides,
  };
}
