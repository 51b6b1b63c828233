import {
  computePricingTable,
  type EstablishmentType,
  formatEuros,
  pricingDeliberationOf,
  storedPricingOfBody,
} from '@sejour/domain';
import { describe, expect, it } from 'vitest';
import {
  emptyPricingForm,
  type PricingFormValues,
  periodForBounds,
  pricingFormFromTable,
  pricingFormSchema,
  rowBounds,
} from './form';

const TARIFFS: Record<EstablishmentType, number | null> = {
  PALACES: 3,
  HOTEL_5: 2.5,
  HOTEL_4: 2,
  HOTEL_3: 1.7,
  HOTEL_2: 1,
  HOTEL_1: 0.8,
  CAMPING_345: 0.6,
  CAMPING_12: 0.2,
  NONE: 4.4,
};

function filled(overrides: Partial<Record<EstablishmentType, number | null>> = {}): PricingFormValues {
  const typed = { ...TARIFFS, ...overrides };
  const empty = emptyPricingForm();
  const rows = Object.fromEntries(
    Object.entries(typed).map(([type, value]) => [
      type,
      type === 'NONE' ? { rate: value } : { tariff: value },
    ]),
  ) as PricingFormValues['rows'];
  return { ...empty, beginDate: '2026-01-01', endDate: '2026-12-31', rows };
}

/** The first message of each field, as the form shows them. */
function errorsOf(values: PricingFormValues): Record<string, string> {
  const result = pricingFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('the pricing form schema', () => {
  it('gives the API payload in cents and basis points', () => {
    expect(pricingFormSchema.parse(filled())).toEqual({
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

  it('applies the legal rules of the domain, each message on its field', () => {
    const errors = errorsOf(filled({ HOTEL_3: 1.8, HOTEL_4: 2.6 }));
    expect(errors['rows.HOTEL_3.tariff']).toContain('dépasse le plafond légal 2026');
    expect(errors['rows.HOTEL_4.tariff']).toContain('catégorie supérieure');
  });

  it('judges a tariff against the law as soon as it is typed, the others still empty', () => {
    const values = { ...emptyPricingForm(), beginDate: '2026-01-01', endDate: '2026-12-31' };
    values.rows.HOTEL_3 = { tariff: 1.8 };
    const errors = errorsOf(values);
    expect(errors['rows.HOTEL_3.tariff']).toBe(
      `Le tarif « Hôtels 3 étoiles et équivalents » (${formatEuros(180)}) dépasse le plafond légal 2026 de ${formatEuros(170)}.`,
    );
    expect(errors.beginDate).toBeUndefined();
  });

  it('reads the bounds of the year typed when the period is incomplete', () => {
    const values = { ...emptyPricingForm(), beginDate: '2024-03-01' };
    values.rows.HOTEL_3 = { tariff: 1.7 };
    expect(errorsOf(values)['rows.HOTEL_3.tariff']).toContain('plafond légal 2024');
  });

  it('says a field is missing, or not a number', () => {
    const errors = errorsOf(filled({ HOTEL_2: null, HOTEL_1: Number.NaN }));
    expect(errors['rows.HOTEL_2.tariff']).toBeDefined();
    expect(errors['rows.HOTEL_1.tariff']).toBeDefined();
    expect(errorsOf({ ...filled(), beginDate: null }).beginDate).toBeDefined();
  });

  it('refuses an end before the beginning', () => {
    expect(errorsOf({ ...filled(), beginDate: '2026-06-01', endDate: '2026-05-01' })).toEqual({
      endDate: 'La date doit être postérieure ou égale à la date de début.',
    });
  });

  it('round-trips a table', () => {
    const table = computePricingTable(pricingFormSchema.parse(filled()));
    expect(pricingFormFromTable(table)).toEqual(filled());
    expect(pricingFormFromTable(table, { beginDate: '2027-01-01', endDate: '2027-12-31' }).beginDate).toBe(
      '2027-01-01',
    );
  });
});

const today = new Date('2026-03-15T12:00:00Z');

describe('bounds beside each input', () => {
  it('reads the typed period, else the year of a typed date, else this year', () => {
    expect(periodForBounds({ beginDate: '2025-07-01', endDate: '2026-06-30' }, today)).toEqual({
      beginDate: '2025-07-01',
      endDate: '2026-06-30',
    });
    expect(periodForBounds({ beginDate: null, endDate: '2025-05-31' }, today).beginDate).toBe('2025-01-01');
    expect(periodForBounds({ beginDate: null, endDate: null }, today).endDate).toBe('2026-12-31');
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

describe('the deliberation in the pricing form', () => {
  it('sends a pricing of today as one, and a deliberation with its components, periods and threshold', () => {
    expect(pricingFormSchema.parse(filled())).not.toHaveProperty('components');

    const values = filled();
    values.components.IDF_MOBILITES.enabled = true;
    values.collectionPeriods = [{ from: '01/04', to: '30/09' }];
    values.lowRentThreshold = 1;
    const body = pricingFormSchema.parse(values);
    expect(body.departmentalRate).toBe(1000);
    expect(body.components?.IDF_MOBILITES).toEqual({
      enabled: true,
      rate: 20_000,
      beneficiary: 'Île-de-France Mobilités',
    });
    expect(body.collectionPeriods).toEqual([{ from: '04-01', to: '09-30' }]);
    expect(body.lowRentThreshold).toBe(100);
  });

  it('derives a departmental rate of 0 when the departmental component is off', () => {
    const values = filled();
    values.components.DEPARTMENTAL.enabled = false;
    expect(pricingFormSchema.parse(values).departmentalRate).toBe(0);
  });

  it('puts the law’s refusals on their fields: a rate, overlapping periods', () => {
    const values = filled();
    values.components.IDF_MOBILITES = { enabled: true, rate: 150, beneficiary: 'IDFM' };
    values.collectionPeriods = [
      { from: '01/04', to: '30/09' },
      { from: '01/09', to: '31/10' },
    ];
    const errors = errorsOf(values);
    expect(errors['components.IDF_MOBILITES.rate']).toContain('doit être égal au taux légal 2026');
    expect(errors['collectionPeriods.1.from']).toContain('chevauche la période du 1er avril au 30 septembre');
  });

  it('reads a stored deliberation back into the form', () => {
    const values = filled();
    values.components.ILE_DE_FRANCE.enabled = true;
    values.collectionPeriods = [{ from: '01/04', to: '30/09' }];
    const body = pricingFormSchema.parse(values);
    const table = computePricingTable(body);
    const deliberation = pricingDeliberationOf(storedPricingOfBody(body));
    expect(pricingFormFromTable({ ...table, deliberation })).toEqual(values);
  });
});

describe('the forfait in the pricing form', () => {
  it('sends the natures au forfait in the product’s order and the bands in nights and basis points', () => {
    const values = filled();
    values.forfait = {
      natures: ['MARINA', 'CAMPSITE'],
      abatements: [
        { fromNights: 1, rate: 30 },
        { fromNights: 120, rate: 50 },
      ],
    };
    expect(pricingFormSchema.parse(values).forfait).toEqual({
      natures: ['CAMPSITE', 'MARINA'],
      abatements: [
        { fromNights: 1, rate: 3000 },
        { fromNights: 120, rate: 5000 },
      ],
    });
  });

  it('keeps the bands typed while no nature is au forfait, but sends none', () => {
    const values = filled();
    values.forfait = { natures: [], abatements: [{ fromNights: 1, rate: 5 }] };
    expect(errorsOf(values)).toEqual({});
    expect(pricingFormSchema.parse(values)).not.toHaveProperty('forfait');
  });

  it('puts the law’s refusals on the band’s fields, and never sends a forfait it cannot read', () => {
    const values = filled();
    values.forfait = {
      natures: ['CAMPSITE'],
      abatements: [
        { fromNights: 1, rate: 5 },
        { fromNights: 1, rate: 40 },
      ],
    };
    const errors = errorsOf(values);
    expect(errors['forfait.abatements.0.rate']).toBe(
      'L’abattement doit être compris entre 10 % et 80 % (article L2333-42 du CGCT).',
    );
    expect(errors['forfait.abatements.1.fromNights']).toContain('commencer à 1 nuit');
    values.forfait.abatements = [{ fromNights: 1, rate: null }];
    expect(errorsOf(values)['forfait.abatements.0.rate']).toBeDefined();
  });

  it('reads a stored forfait back into the form', () => {
    const values = filled();
    values.forfait = { natures: ['CAMPSITE'], abatements: [{ fromNights: 1, rate: 30 }] };
    const body = pricingFormSchema.parse(values);
    const deliberation = pricingDeliberationOf(storedPricingOfBody(body));
    expect(deliberation.forfait).toEqual({
      natures: ['CAMPSITE'],
      abatements: [{ fromNights: 1, rate: 3000 }],
    });
    expect(pricingFormFromTable({ ...computePricingTable(body), deliberation }).forfait).toEqual(
      values.forfait,
    );
  });
});
