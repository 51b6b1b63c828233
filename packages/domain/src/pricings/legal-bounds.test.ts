import { describe, expect, it } from 'vitest';
import { boundsForYear, LEGAL_BOUNDS } from './bounds';
import { legalBoundsPayloadSchema } from './legal-bounds';
import { pricingPayloadSchema } from './schemas';
import { pricingRuleErrors } from './validation';

const grid2026 = LEGAL_BOUNDS.find((entry) => entry.year === 2026);
if (!grid2026) throw new Error('2026 ships with the product');
const year2027 = { ...grid2026, year: 2027 };

function issues(input: unknown): Record<string, string> {
  const result = legalBoundsPayloadSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a year of legal bounds entered by a superadmin', () => {
  it('accepts a new year ordered like the shipped ones', () => {
    expect(issues(year2027)).toEqual({});
  });

  it('refuses a shipped year, on the year', () => {
    expect(issues(grid2026)).toEqual({
      year: 'Les limites légales de 2026 sont fournies avec le produit : elles ne peuvent pas être saisies.',
    });
  });

  it('refuses a minimum above its maximum, on the maximum', () => {
    const bad = { ...year2027, tariffs: { ...year2027.tariffs, HOTEL_3: { min: 180, max: 170 } } };
    expect(issues(bad)).toEqual({
      'tariffs.HOTEL_3.max': expect.stringContaining('ne peut pas être inférieur'),
    });
    const rate = { ...year2027, noneRate: { min: 600, max: 500 } };
    expect(Object.keys(issues(rate))).toEqual(['noneRate.max']);
  });

  it('refuses a category whose bounds exceed the higher category of the same nature', () => {
    const bad = { ...year2027, tariffs: { ...year2027.tariffs, HOTEL_4: { min: 70, max: 370 } } };
    expect(issues(bad)).toEqual({
      'tariffs.HOTEL_4.max': expect.stringMatching(
        /^Le maximum \(3,70\s€\) ne peut pas dépasser celui de la catégorie supérieure « Hôtels 5 étoiles et équivalents » \(3,60\s€\)\.$/,
      ),
    });
    // A campsite is not compared with a hotel.
    const camping = { ...year2027, tariffs: { ...year2027.tariffs, CAMPING_345: { min: 20, max: 90 } } };
    expect(issues(camping)).toEqual({});
  });

  it('refuses a missing type and amounts that are not cents', () => {
    const { PALACES: _dropped, ...rest } = year2027.tariffs;
    expect(Object.keys(issues({ ...year2027, tariffs: rest }))).toContain('tariffs.PALACES');
    expect(Object.keys(issues({ ...year2027, year: 2027.5 }))).toContain('year');
  });
});

describe('pricing rules with entered years', () => {
  const pricing2027 = pricingPayloadSchema.parse({
    beginDate: '2027-01-01',
    endDate: '2027-12-31',
    rows: {
      PALACES: { tariff: 490 },
      HOTEL_5: { tariff: 360 },
      HOTEL_4: { tariff: 260 },
      HOTEL_3: { tariff: 170 },
      HOTEL_2: { tariff: 100 },
      HOTEL_1: { tariff: 80 },
      CAMPING_345: { tariff: 60 },
      CAMPING_12: { tariff: 20 },
      NONE: { rate: 500 },
    },
  });

  it('refuses 2027 before its bounds exist, accepts it once entered', () => {
    expect(Object.keys(pricingRuleErrors(pricing2027))).toEqual(['beginDate']);
    expect(pricingRuleErrors(pricing2027, [year2027])).toEqual({});
    expect(boundsForYear(2027, [year2027]).ok).toBe(true);
  });

  it('judges the tariffs against the entered bounds', () => {
    const lower = { ...year2027, tariffs: { ...year2027.tariffs, PALACES: { min: 70, max: 480 } } };
    expect(Object.keys(pricingRuleErrors(pricing2027, [lower]))).toEqual(['rows.PALACES.tariff']);
  });

  it('never lets an entered year override a shipped one', () => {
    const loose = { ...grid2026, tariffs: { ...grid2026.tariffs, PALACES: { min: 0, max: 10_000 } } };
    expect(boundsForYear(2026, [loose])).toEqual({ ok: true, bounds: grid2026 });
  });
});
