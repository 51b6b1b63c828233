import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../errors';
import { formatEuros } from '../money/format';
import { type PricingPayload, type PricingPayloadInput, pricingPayloadSchema } from './schemas';
import { computePricingTable } from './table';
import { higherCategoryOf, pricingRuleErrors, validPricingPayloadSchema } from './validation';

/** A table valid in 2025 and 2026 (HOTEL_3 at 1,70 € is above the 2024 ceiling of 1,60 €). */
function payload(overrides: Partial<PricingPayloadInput> = {}): PricingPayloadInput {
  return {
    beginDate: '2026-01-01',
    endDate: '2026-12-31',
    rows: {
      PALACES: { tariff: 300 },
      HOTEL_5: { tariff: 250 },
      HOTEL_4: { tariff: 200 },
      HOTEL_3: { tariff: 170 },
      HOTEL_2: { tariff: 100 },
      HOTEL_1: { tariff: 80 },
      CAMPING_345: { tariff: 60 },
      CAMPING_12: { tariff: 20 },
      NONE: { rate: 500 },
    },
    ...overrides,
  };
}

function parsed(overrides: Partial<PricingPayloadInput> = {}): PricingPayload {
  return pricingPayloadSchema.parse(payload(overrides));
}

function withRow(type: string, row: { tariff: number } | { rate: number }): PricingPayload {
  const base = payload();
  return pricingPayloadSchema.parse({ ...base, rows: { ...base.rows, [type]: row } });
}

describe('pricing payload shape', () => {
  it('defaults the threshold to 100 € and the departmental rate to 10 %', () => {
    const result = parsed();
    expect(result.threshold).toBe(10_000);
    expect(result.departmentalRate).toBe(1000);
  });

  it('needs exactly one row per type: a missing one is required, an unknown one refused', () => {
    const base = payload();
    const { HOTEL_3: _missing, ...withoutHotel3 } = base.rows;
    const missing = pricingPayloadSchema.safeParse({ ...base, rows: withoutHotel3 });
    expect(fieldErrorsFromIssues(missing.error?.issues ?? [])).toHaveProperty('rows.HOTEL_3');

    const extra = pricingPayloadSchema.safeParse({
      ...base,
      rows: { ...base.rows, HOTEL_6: { tariff: 10 } },
    });
    expect(extra.success).toBe(false);
    expect(extra.error?.issues[0]?.path).toEqual(['rows']);
  });

  it('refuses a rate for a classified type and a fractional cent', () => {
    const base = payload();
    const result = pricingPayloadSchema.safeParse({
      ...base,
      rows: { ...base.rows, HOTEL_4: { rate: 200 }, HOTEL_2: { tariff: 99.5 } },
    });
    expect(Object.keys(fieldErrorsFromIssues(result.error?.issues ?? [])).sort()).toEqual([
      'rows.HOTEL_2.tariff',
      'rows.HOTEL_4.tariff',
    ]);
  });
});

describe('pricing rules', () => {
  it('accepts a valid table', () => {
    expect(pricingRuleErrors(parsed())).toEqual({});
  });

  it('refuses an end before the beginning', () => {
    expect(pricingRuleErrors(parsed({ beginDate: '2026-06-01', endDate: '2026-05-31' }))).toEqual({
      endDate: 'La date doit être postérieure ou égale à la date de début.',
    });
    expect(pricingRuleErrors(parsed({ beginDate: '2026-06-01', endDate: '2026-06-01' }))).toEqual({});
  });

  it('refuses a tariff above its year’s ceiling, naming the field and the bound', () => {
    const errors = pricingRuleErrors(withRow('HOTEL_3', { tariff: 180 }));
    expect(errors).toEqual({
      'rows.HOTEL_3.tariff': `Le tarif « Hôtels 3 étoiles et équivalents » (${formatEuros(180)}) dépasse le plafond légal 2026 de ${formatEuros(170)}.`,
    });
  });

  it('accepts each bound exactly and refuses one cent beyond', () => {
    const p = parsed();
    expect(pricingRuleErrors({ ...p, rows: { ...p.rows, PALACES: { tariff: 490 } } })).toEqual({});
    expect(pricingRuleErrors({ ...p, rows: { ...p.rows, PALACES: { tariff: 491 } } })).toHaveProperty(
      'rows.PALACES.tariff',
    );
    expect(pricingRuleErrors({ ...p, rows: { ...p.rows, HOTEL_1: { tariff: 20 } } })).toEqual({});
    expect(pricingRuleErrors({ ...p, rows: { ...p.rows, HOTEL_1: { tariff: 19 } } })).toEqual({
      'rows.HOTEL_1.tariff': `Le tarif « Hôtels 1 étoile et équivalents » (${formatEuros(19)}) est inférieur au plancher légal 2026 de ${formatEuros(20)}.`,
    });
  });

  it('requires campsites 1–2 stars at exactly 0,20 €', () => {
    expect(pricingRuleErrors(withRow('CAMPING_12', { tariff: 10 }))).toEqual({
      'rows.CAMPING_12.tariff': `Le tarif « Campings 1 et 2 étoiles et équivalents » (${formatEuros(10)}) doit être égal au tarif légal 2026 de ${formatEuros(20)}.`,
    });
  });

  it('checks a period across two years against both grids', () => {
    // 1,70 € for 3 stars: within 2025 (≤ 1,70 €) but above 2024 (≤ 1,60 €).
    expect(pricingRuleErrors(parsed({ beginDate: '2025-07-01', endDate: '2026-06-30' }))).toEqual({});
    expect(pricingRuleErrors(parsed({ beginDate: '2024-07-01', endDate: '2025-06-30' }))).toEqual({
      'rows.HOTEL_3.tariff': `Le tarif « Hôtels 3 étoiles et équivalents » (${formatEuros(170)}) dépasse le plafond légal 2024 de ${formatEuros(160)}.`,
    });
    // Palaces at 4,85 €: allowed in 2026 (4,90 €), not in 2025 (4,80 €).
    const p = parsed({ beginDate: '2025-07-01', endDate: '2026-06-30' });
    const errors = pricingRuleErrors({ ...p, rows: { ...p.rows, PALACES: { tariff: 485 } } });
    expect(errors['rows.PALACES.tariff']).toContain('plafond légal 2025');
  });

  it('refuses a year whose bounds are not in the product yet, on the date in that year', () => {
    expect(pricingRuleErrors(parsed({ beginDate: '2026-07-01', endDate: '2027-06-30' }))).toEqual({
      endDate:
        'Les limites légales des tarifs de l’année 2027 ne sont pas encore saisies : un superadministrateur doit les saisir dans « Limites légales » avant qu’une grille porte sur cette année.',
    });
    // The years that do have bounds are still checked (1,70 € is above the 2024 ceiling for 3 stars).
    expect(
      Object.keys(pricingRuleErrors(parsed({ beginDate: '2023-07-01', endDate: '2024-06-30' }))),
    ).toEqual(['beginDate', 'rows.HOTEL_3.tariff']);
  });

  it('never lets a category exceed a higher category of the same nature', () => {
    expect(higherCategoryOf('PALACES')).toBeNull();
    expect(higherCategoryOf('HOTEL_5')).toBe('PALACES');
    expect(higherCategoryOf('HOTEL_1')).toBe('HOTEL_2');
    expect(higherCategoryOf('CAMPING_345')).toBeNull(); // a campsite is not compared with hotels
    expect(higherCategoryOf('CAMPING_12')).toBe('CAMPING_345');

    expect(pricingRuleErrors(withRow('HOTEL_4', { tariff: 260 }))).toEqual({
      'rows.HOTEL_4.tariff': `Le tarif « Hôtels 4 étoiles et équivalents » (${formatEuros(260)}) ne peut pas dépasser celui de la catégorie supérieure « Hôtels 5 étoiles et équivalents » (${formatEuros(250)}).`,
    });
    // Equal to the higher category is allowed.
    expect(pricingRuleErrors(withRow('HOTEL_4', { tariff: 250 }))).toEqual({});
  });

  it('compares campsites between themselves only', () => {
    // 1-star hotels at 0,20 € and 3–5 star campsites at 0,60 €: different natures, both legal.
    const lowHotel1 = withRow('HOTEL_1', { tariff: 20 });
    expect(pricingRuleErrors(lowHotel1)).toEqual({});
    const campings = withRow('CAMPING_345', { tariff: 20 });
    expect(pricingRuleErrors(campings)).toEqual({});
  });

  it('keeps the NONE rate from 1 % to 5 %, fractions allowed', () => {
    expect(pricingRuleErrors(withRow('NONE', { rate: 100 }))).toEqual({});
    expect(pricingRuleErrors(withRow('NONE', { rate: 440 }))).toEqual({});
    expect(pricingRuleErrors(withRow('NONE', { rate: 500 }))).toEqual({});
    expect(pricingRuleErrors(withRow('NONE', { rate: 99 }))).toEqual({
      'rows.NONE.rate':
        'Le taux « Hébergements non classés ou en attente de classement » (0,99\u00a0%) est inférieur au minimum légal de 1\u00a0%.',
    });
    expect(pricingRuleErrors(withRow('NONE', { rate: 501 }))).toEqual({
      'rows.NONE.rate':
        'Le taux « Hébergements non classés ou en attente de classement » (5,01\u00a0%) dépasse le maximum légal de 5\u00a0%.',
    });
  });

  it('puts each rule error on its field in the form schema', () => {
    const base = payload();
    const result = validPricingPayloadSchema.safeParse({
      ...base,
      rows: { ...base.rows, HOTEL_3: { tariff: 180 }, NONE: { rate: 600 } },
    });
    expect(fieldErrorsFromIssues(result.error?.issues ?? [])).toEqual({
      'rows.HOTEL_3.tariff': expect.stringContaining('dépasse le plafond légal 2026'),
      'rows.NONE.rate': expect.stringContaining('dépasse le maximum légal de 5'),
    });
  });
});

describe('computed pricing table', () => {
  it('adds the departmental tariff rounded half-up to the cent, and the total', () => {
    const table = computePricingTable(parsed());
    expect(table.rows.HOTEL_3).toEqual({ tariff: 170, departmental: 17, total: 187 }); // Paris 3★: 1,70 + 0,17
    expect(table.rows.CAMPING_12).toEqual({ tariff: 20, departmental: 2, total: 22 });
  });

  it('rounds x.xx5 up', () => {
    const rows = computePricingTable(withRow('HOTEL_1', { tariff: 25 })).rows;
    expect(rows.HOTEL_1).toEqual({ tariff: 25, departmental: 3, total: 28 }); // 0,025 → 0,03
    expect(computePricingTable(withRow('HOTEL_3', { tariff: 165 })).rows.HOTEL_3.departmental).toBe(17);
    expect(computePricingTable(withRow('HOTEL_3', { tariff: 164 })).rows.HOTEL_3.departmental).toBe(16);
  });

  it('caps NONE at the highest tariff of the table', () => {
    expect(computePricingTable(parsed()).rows.NONE).toEqual({ rate: 500, cap: 300 });
  });

  it('uses the table’s own departmental rate', () => {
    const table = computePricingTable(parsed({ departmentalRate: 1500 }));
    expect(table.rows.HOTEL_3).toEqual({ tariff: 170, departmental: 26, total: 196 }); // 15 % of 1,70 = 0,255
  });
});
