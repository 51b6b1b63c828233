import { computePricingTable, pricingPayloadSchema, simulateStayFor } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { describe, expect, it } from 'vitest';
import { deliberationTableOf } from './deliberationOfPricing';
import { rowOfChoice } from './natureRow';
import { simulate } from './SimulatorPage';

const payload = pricingPayloadSchema.parse(lawfulPricingPayload());
const table = computePricingTable({ ...payload, rows: { ...payload.rows, HOTEL_3: { tariff: 170 } } });
const stay = { nights: 7, persons: 4, exempted: 2, pricePerNight: 100 };

describe('the simulator under the pricing’s deliberation', () => {
  it('a pricing answered without deliberation parts is departmental only, and computes as today', () => {
    const deliberation = deliberationTableOf(table);
    expect(deliberation.components.map((c) => c.kind)).toEqual(['DEPARTMENTAL']);
    const result = simulate({ ...stay, type: 'HOTEL_3' }, deliberation, table.beginDate);
    const today = simulateStayFor({ ...stay, pricePerNight: 0 }, 'HOTEL_3', table);
    expect(result?.tax.total).toBe(today?.total);
    expect(result?.parts).toEqual([
      { kind: 'BASE', unit: 170, amount: 170 * 14 },
      { kind: 'DEPARTMENTAL', unit: 17, amount: 17 * 14 },
    ]);
    expect(result?.unit).toBe(187);
  });

  it('shows each component a deliberation carries: Paris 2026, 3 stars at 1,70 € is 5,53 € a person-night', () => {
    const on = (rate: number, beneficiary: string) => ({ enabled: true, rate, beneficiary });
    const paris = {
      ...table,
      components: {
        DEPARTMENTAL: on(1_000, 'Département'),
        ILE_DE_FRANCE: on(1_500, 'Société des grands projets'),
        IDF_MOBILITES: on(20_000, 'Île-de-France Mobilités'),
        RAILWAY_LINE: { enabled: false, rate: 3_400, beneficiary: 'Ligne' },
      },
    };
    const result = simulate({ ...stay, type: 'HOTEL_3' }, deliberationTableOf(paris), table.beginDate);
    expect(result?.parts.map((p) => [p.kind, p.unit])).toEqual([
      ['BASE', 170],
      ['DEPARTMENTAL', 17],
      ['ILE_DE_FRANCE', 26],
      ['IDF_MOBILITES', 340],
    ]);
    expect(result?.unit).toBe(553);
    expect(result?.tax.total).toBe(553 * 14);
  });

  it('a furnished let 3 stars is taxed on the 3-star hotels row', () => {
    expect(rowOfChoice({ nature: 'FURNISHED_LET', stars: '3' })).toBe('HOTEL_3');
    expect(rowOfChoice({ nature: 'GUEST_ROOMS', stars: '' })).toBe('HOTEL_1');
    expect(rowOfChoice({ nature: '', stars: '' })).toBeNull();
  });
});
