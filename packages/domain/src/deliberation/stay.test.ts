import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ESTABLISHMENT_TYPES, type EstablishmentType } from '../establishments/types';
import { pricingPayloadSchema } from '../pricings/schemas';
import { computePricingTable } from '../pricings/table';
import { simulateStayFor } from '../tax/stay';
import { lawfulPricingPayload } from '../testing/pricing';
import { computeDeliberationTable, deliberationOfPricing, deliberationPayloadSchema } from './deliberation';
import { componentAmount } from './engine';
import { deliberationStayTax, stayTax } from './stay';

const pricing = pricingPayloadSchema.parse({
  ...lawfulPricingPayload(),
  rows: { ...lawfulPricingPayload().rows, HOTEL_3: { tariff: 150 } },
});
const seasonal = computeDeliberationTable(
  deliberationPayloadSchema.parse({
    ...deliberationOfPricing(pricing),
    collectionPeriods: [{ from: '04-01', to: '09-30' }],
    lowRentThreshold: 100,
  }),
);

describe('a stay under a deliberation', () => {
  it('taxes only its nights inside the collection period', () => {
    // 5 nights from 28 September, 2 persons, 3★ at 1,50 € + 0,15 €: 3 nights inside.
    const result = deliberationStayTax(
      {
        arrival: '2026-09-28',
        departure: '2026-10-03',
        persons: 2,
        exempted: 0,
        exemptionReason: null,
        price: 50_000,
      },
      'HOTEL_3',
      seasonal,
    );
    expect([result.nights, result.collectedNights]).toEqual([5, 3]);
    expect(result.figures).toMatchObject({ nightsCount: 6, exemptedCount: 0, prixSup: 30_000 });
    expect([result.tax.base, componentAmount(result.tax, 'DEPARTMENTAL'), result.tax.total]).toEqual([
      900, 90, 990,
    ]);
  });

  it('owes nothing for a stay entirely outside the periods', () => {
    const result = deliberationStayTax(
      {
        arrival: '2026-11-02',
        departure: '2026-11-09',
        persons: 3,
        exempted: 1,
        exemptionReason: 'MINOR',
        price: 40_000,
      },
      'NONE',
      seasonal,
    );
    expect(result.collectedNights).toBe(0);
    expect(result.tax.total).toBe(0);
    expect(result.exemptedByReason.MINOR).toBe(0);
  });

  it('exempts every occupant of a stay whose rent is below the threshold, by reason', () => {
    // 2 nights for 4 persons at 6,00 €: 0,75 € per person-night, below 1 €.
    const result = deliberationStayTax(
      {
        arrival: '2026-07-10',
        departure: '2026-07-12',
        persons: 4,
        exempted: 1,
        exemptionReason: 'SEASONAL_WORKER',
        price: 600,
      },
      'HOTEL_1',
      seasonal,
    );
    expect(result.exemptedByReason).toEqual({
      MINOR: 0,
      SEASONAL_WORKER: 2,
      EMERGENCY_REHOUSING: 0,
      LOW_RENT: 6,
    });
    expect(result.figures).toMatchObject({ nightsCount: 8, exemptedCount: 8 });
    expect(result.tax.total).toBe(0);
  });
});

describe('the calculator’s stay under today’s pricing', () => {
  const table = computePricingTable(pricing);
  const deliberation = computeDeliberationTable(deliberationOfPricing(pricing));

  it('is charged what today’s simulator charges, for every type', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.nat(),
        fc.integer({ min: 0, max: 60_000 }),
        fc.constantFrom<EstablishmentType>(...ESTABLISHMENT_TYPES),
        (nights, persons, exemptedSeed, pricePerNight, type) => {
          const exempted = exemptedSeed % (persons + 1);
          const today = simulateStayFor({ nights, persons, exempted, pricePerNight }, type, table);
          const arrival = '2026-03-01';
          const departure = new Date(Date.UTC(2026, 2, 1 + nights)).toISOString().slice(0, 10);
          const result = deliberationStayTax(
            {
              arrival,
              departure,
              persons,
              exempted,
              exemptionReason: exempted > 0 ? 'MINOR' : null,
              price: pricePerNight * nights,
            },
            type,
            deliberation,
          );
          expect(today).not.toBeNull();
          expect([result.tax.base, componentAmount(result.tax, 'DEPARTMENTAL'), result.tax.total]).toEqual([
            today!.cc,
            today!.moselle,
            today!.total,
          ]);
          expect(result.exemptedByReason.MINOR).toBe(exempted * nights);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the register’s tax of a stay under deliberations', () => {
  const across = {
    arrival: '2026-09-28',
    departure: '2026-10-03',
    persons: 2,
    exempted: 0,
    exemptionReason: null,
    price: 50_000,
    platform: false,
  };

  it('owes its September nights inside the period; its October part owes nothing', () => {
    const result = stayTax(across, 'HOTEL_3', [seasonal]);
    expect(
      result?.parts.map((part) => [part.month, part.nights, part.collectedNights, part.tax.total]),
    ).toEqual([
      [9, 3, 3, 990],
      [10, 2, 0, 0],
    ]);
    expect(result?.total).toBe(990);
  });

  it('exempts every occupant of a stay whose rent per person-night is below the threshold', () => {
    // 5 € for 2 persons × 5 nights: 0,50 € per person-night, below the 1 € threshold.
    expect(stayTax({ ...across, price: 500 }, 'HOTEL_3', [seasonal])?.total).toBe(0);
  });

  it('is unknown without a deliberation for a night, and owed by no one through a collecting platform', () => {
    expect(
      stayTax({ ...across, arrival: '2027-09-28', departure: '2027-10-01' }, 'HOTEL_3', [seasonal]),
    ).toBeNull();
    expect(stayTax({ ...across, platform: true }, 'HOTEL_3', [seasonal])).toBeNull();
  });
});
