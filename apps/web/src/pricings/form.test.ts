import { computePricingTable, formatEuros, pricingPayloadSchema } from '@sejour/domain';
import { describe, expect, it } from 'vitest';
import {
  emptyPricingForm,
  type PricingFormValues,
  periodForBounds,
  pricingFormFromTable,
  readPricingForm,
  rowBounds,
} from './form';

function filled(overrides: Partial<PricingFormValues['rows']> = {}): PricingFormValues {
  return {
    ...emptyPricingForm(),
    beginDate: '2026-01-01',
    endDate: '2026-12-31',
    rows: {
      PALACES: '3,00',
      HOTEL_5: '2,50',
      HOTEL_4: '2',
      HOTEL_3: '1,70',
      HOTEL_2: '1',
      HOTEL_1: '0.80',
      CAMPING_345: '0,60 €',
      CAMPING_12: '0,20',
      NONE: '4,4',
      ...overrides,
    },
  };
}

const today = new Date('2026-03-15T12:00:00Z');

describe('reading the pricing form', () => {
  it('gives the API payload of French decimals', () => {
    const { payload, errors } = readPricingForm(filled(), today);
    expect(errors).toEqual({});
    expect(payload).toEqual({
      beginDate: '2026-01-01',
      endDate: '2026-12-31',
      threshold: 10_000,
      departmentalRate: 1000,
      rows: {
        PALACES: { tariff: 300 },
        HOTEL_5: { tariff: 250 },
        HOTEL_4: { tariff: 200 },
        HOTEL_3: { tariff: 170 },
        HOTEL_2: { tariff: 100 },
        HOTEL_1: { tariff: 80 },
        CAMPING_345: { tariff: 60 },
        CAMPING_12: { tariff: 20 },
        NONE: { rate: 440 },
      },
    });
  });

  it('judges a tariff against the law as soon as it is typed, the others still empty', () => {
    const values = { ...emptyPricingForm(), beginDate: '2026-01-01', endDate: '2026-12-31' };
    values.rows.HOTEL_3 = '1,80';
    const { payload, errors } = readPricingForm(values, today);
    expect(payload).toBeNull();
    expect(errors['rows.HOTEL_3.tariff']).toBe(
      `Le tarif « Hôtels 3 étoiles et équivalents » (${formatEuros(180)}) dépasse le plafond légal 2026 de ${formatEuros(170)}.`,
    );
    expect(errors['rows.PALACES.tariff']).toBe('Veuillez compléter ce champ.');
    expect(errors.beginDate).toBeUndefined();
  });

  it('reads the bounds of the year typed when the period is incomplete', () => {
    const values = { ...emptyPricingForm(), beginDate: '2024-03-01' };
    values.rows.HOTEL_3 = '1,70';
    const { errors } = readPricingForm(values, today);
    expect(errors['rows.HOTEL_3.tariff']).toContain('plafond légal 2024');
    expect(errors.endDate).toBe('Veuillez compléter ce champ.');
  });

  it('says which field is not a number, has too many decimals or breaks a rule', () => {
    const { errors } = readPricingForm(filled({ HOTEL_2: 'abc', HOTEL_1: '0,805', HOTEL_4: '2,60' }), today);
    expect(errors['rows.HOTEL_2.tariff']).toBe('Veuillez choisir une valeur numérique valide.');
    expect(errors['rows.HOTEL_1.tariff']).toBe('Veuillez choisir une valeur numérique valide.');
    expect(errors['rows.HOTEL_4.tariff']).toContain('catégorie supérieure');
  });

  it('refuses an end before the beginning', () => {
    const values = { ...filled(), beginDate: '2026-06-01', endDate: '2026-05-01' };
    expect(readPricingForm(values, today).errors).toEqual({
      endDate: 'La date doit être postérieure ou égale à la date de début.',
    });
  });

  it('round-trips a table', () => {
    const table = computePricingTable(pricingPayloadSchema.parse(readPricingForm(filled(), today).payload));
    expect(pricingFormFromTable(table)).toEqual(
      filled({ HOTEL_4: '2,00', HOTEL_2: '1,00', HOTEL_1: '0,80', CAMPING_345: '0,60' }),
    );
    expect(pricingFormFromTable(table, { beginDate: '2027-01-01', endDate: '2027-12-31' }).beginDate).toBe(
      '2027-01-01',
    );
  });
});

describe('bounds beside each input', () => {
  it('reads the typed period, else the year of a typed date, else this year', () => {
    expect(periodForBounds({ beginDate: '2025-07-01', endDate: '2026-06-30' }, today)).toEqual({
      beginDate: '2025-07-01',
      endDate: '2026-06-30',
    });
    expect(periodForBounds({ beginDate: '', endDate: '2025-05-31' }, today).beginDate).toBe('2025-01-01');
    expect(periodForBounds({ beginDate: '', endDate: '' }, today).endDate).toBe('2026-12-31');
  });

  it('gives the strictest bounds over the years of the period, or the missing years', () => {
    expect(rowBounds('HOTEL_3', { beginDate: '2026-01-01', endDate: '2026-12-31' })).toEqual({
      kind: 'range',
      years: [2026],
      min: 50,
      max: 170,
    });
    expect(rowBounds('HOTEL_3', { beginDate: '2024-07-01', endDate: '2025-06-30' })).toMatchObject({
      years: [2024, 2025],
      max: 160,
    });
    expect(rowBounds('NONE', { beginDate: '2026-01-01', endDate: '2026-12-31' })).toMatchObject({
      min: 100,
      max: 500,
    });
    expect(rowBounds('HOTEL_3', { beginDate: '2030-01-01', endDate: '2030-12-31' })).toEqual({
      kind: 'missing',
      years: [2030],
    });
  });
});
