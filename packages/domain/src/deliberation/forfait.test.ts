import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASIS_POINTS_PER_UNIT } from '../money/cents';
import { unitCharge } from './components';
import { deliberationPayloadSchema } from './deliberation';
import {
  abatementFor,
  capacityRuleLabel,
  capacityRules,
  computeForfaitTax,
  forfaitPeriodsOfYear,
  forfaitSettingsSchema,
  isForfaitLate,
  oneMonthBefore,
  openingPeriodsErrors,
  openNights,
  regimeOf,
} from './forfait';
import { forfaitPeriodsOfEstablishment, regimeOfMonth } from './forfait-calendar';

const DEPARTMENTAL = [{ kind: 'DEPARTMENTAL' as const, rate: 1000 }];

describe('the forfait of a collection period', () => {
  it('charges a campsite of 120 pitches open 1 May – 30 September at 0,60 € with 30 % abatement, to the cent', () => {
    const nights = openNights([{ from: '2026-05-01', to: '2026-09-30' }]);
    expect(nights).toBe(153);
    const tax = computeForfaitTax(
      { capacity: 120, rule: capacityRules.CAMPSITE, nights, abatementRate: 3000 },
      unitCharge(60, DEPARTMENTAL),
    );
    // 120 pitches × 3 persons = 360 units; × 70 % = 252; × 153 nights = 38 556 unit-nights.
    expect(tax.capacityUnits).toBe(360);
    expect(tax.chargedUnitNights).toBe(38_556);
    expect(tax.base).toBe(2_313_360);
    expect(tax.components).toEqual([{ kind: 'DEPARTMENTAL', rate: 1000, amount: 231_336 }]);
    expect(tax.total).toBe(2_544_696);
  });

  it('rounds each amount once, half-up, when the abated capacity is fractional', () => {
    // 7 beds × 65 % = 4,55 units × 10 nights × 1,65 € = 75,075 € → 75,08 €; departmental 0,17 € → 7,735 € → 7,74 €.
    const tax = computeForfaitTax(
      { capacity: 7, rule: capacityRules.HOLIDAY_VILLAGE, nights: 10, abatementRate: 3500 },
      unitCharge(165, DEPARTMENTAL),
    );
    expect(tax.base).toBe(7508);
    expect(tax.components[0]!.amount).toBe(774);
    expect(tax.total).toBe(8282);
  });

  it('applies every component on the same base, each with its unit rounded on its own (Paris, a 3★ hotel)', () => {
    const units = unitCharge(170, [
      { kind: 'DEPARTMENTAL', rate: 1000 },
      { kind: 'ILE_DE_FRANCE', rate: 1500 },
      { kind: 'IDF_MOBILITES', rate: 20_000 },
    ]);
    const tax = computeForfaitTax(
      { capacity: 40, rule: capacityRules.HOTEL, nights: 30, abatementRate: 5000 },
      units,
    );
    // 40 persons × 50 % × 30 nights = 600 unit-nights.
    expect(tax.base).toBe(170 * 600);
    expect(tax.components.map(({ amount }) => amount)).toEqual([17 * 600, 26 * 600, 340 * 600]);
    expect(tax.total).toBe(553 * 600);
  });

  it('counts moorings at four persons and pitches at three', () => {
    expect(capacityRules.MARINA.personsPerUnit).toBe(4);
    expect(capacityRules.MOTORHOME_AREA.personsPerUnit).toBe(3);
    expect(capacityRules.HOSTEL.unit).toBe('BED');
  });

  it('equals the unit times capacity × nights × (1 − abatement), rounded, for any figures', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 366 }),
        fc.integer({ min: 1000, max: 8000 }),
        fc.integer({ min: 0, max: 500 }),
        (capacity, nights, abatementRate, tariff) => {
          const tax = computeForfaitTax(
            { capacity, rule: capacityRules.CAMPSITE, nights, abatementRate },
            unitCharge(tariff, DEPARTMENTAL),
          );
          const exact = (tariff * capacity * 3 * nights * (BASIS_POINTS_PER_UNIT - abatementRate)) / 10_000;
          expect(Math.abs(tax.base - exact)).toBeLessThanOrEqual(0.5);
          expect(tax.total).toBe(tax.base + tax.components[0]!.amount);
        },
      ),
    );
  });
});

describe('the abatement by length of opening', () => {
  const bands = [
    { fromNights: 1, rate: 5000 },
    { fromNights: 61, rate: 3000 },
    { fromNights: 121, rate: 1000 },
  ];
  it('takes the last band the opening reaches', () => {
    expect(abatementFor(bands, 1)).toBe(5000);
    expect(abatementFor(bands, 60)).toBe(5000);
    expect(abatementFor(bands, 61)).toBe(3000);
    expect(abatementFor(bands, 153)).toBe(1000);
  });

  it('is voted between 10 % and 80 %, in bands from one night upwards', () => {
    expect(forfaitSettingsSchema.safeParse({ natures: ['CAMPSITE'], abatements: bands }).success).toBe(true);
    const errors = (input: unknown) =>
      forfaitSettingsSchema
        .safeParse(input)
        .error?.issues.map(({ path, message }) => [path.join('.'), message]);
    expect(errors({ natures: ['CAMPSITE'], abatements: [{ fromNights: 1, rate: 9000 }] })).toEqual([
      ['abatements.0.rate', 'L’abattement doit être compris entre 10 % et 80 % (article L2333-42 du CGCT).'],
    ]);
    expect(errors({ natures: ['CAMPSITE'], abatements: [] })?.[0]?.[0]).toBe('abatements');
    expect(errors({ natures: ['CAMPSITE'], abatements: [{ fromNights: 30, rate: 3000 }] })?.[0]?.[0]).toBe(
      'abatements.0.fromNights',
    );
    expect(errors({ natures: ['OTHER'], abatements: bands })?.[0]?.[0]).toBe('natures.0');
    expect(errors({ natures: ['CAMPSITE', 'CAMPSITE'], abatements: bands })?.[0]?.[0]).toBe('natures.1');
  });
});

describe('the regime of an establishment', () => {
  const settings = { natures: ['CAMPSITE', 'FURNISHED_LET'] as const };
  it('is the one its nature is voted, unclassified accommodation but campsites staying au réel', () => {
    expect(regimeOf({ natures: [...settings.natures] }, { nature: 'CAMPSITE', stars: null })).toBe('FORFAIT');
    expect(regimeOf({ natures: [...settings.natures] }, { nature: 'FURNISHED_LET', stars: 3 })).toBe(
      'FORFAIT',
    );
    expect(regimeOf({ natures: [...settings.natures] }, { nature: 'FURNISHED_LET', stars: null })).toBe(
      'REEL',
    );
    expect(regimeOf({ natures: [...settings.natures] }, { nature: 'HOTEL', stars: 3 })).toBe('REEL');
    expect(regimeOf({ natures: [...settings.natures] }, { nature: null, stars: null })).toBe('REEL');
  });
});

describe('opening periods and deadlines', () => {
  const collection = { beginDate: '2026-01-01', endDate: '2026-12-31' };
  it('counts both days of each opening period', () => {
    expect(
      openNights([
        { from: '2026-04-01', to: '2026-04-30' },
        { from: '2026-12-20', to: '2026-12-31' },
      ]),
    ).toBe(42);
  });

  it('refuses an opening outside the collection period, reversed or overlapping another', () => {
    expect(openingPeriodsErrors([{ from: '2025-12-15', to: '2026-03-01' }], collection)).toEqual({
      'openingPeriods.0.from':
        'La période d’ouverture doit être comprise dans la période de perception (du 1er janvier 2026 au 31 décembre 2026).',
    });
    expect(Object.keys(openingPeriodsErrors([{ from: '2026-05-02', to: '2026-05-01' }], collection))).toEqual(
      ['openingPeriods.0.to'],
    );
    expect(
      Object.keys(
        openingPeriodsErrors(
          [
            { from: '2026-05-01', to: '2026-06-30' },
            { from: '2026-06-30', to: '2026-07-15' },
          ],
          collection,
        ),
      ),
    ).toEqual(['openingPeriods.1.from']);
  });

  it('is due one month before the period starts, on the month’s last day when the day does not exist', () => {
    expect(oneMonthBefore('2026-01-01')).toBe('2025-12-01');
    expect(oneMonthBefore('2026-03-31')).toBe('2026-02-28');
    expect(oneMonthBefore('2028-03-30')).toBe('2028-02-29');
    const [period] = forfaitPeriodsOfYear(
      { beginDate: '2026-01-01', endDate: '2026-12-31', collectionPeriods: [{ from: '01-01', to: '12-31' }] },
      2026,
    );
    expect(period).toEqual({ beginDate: '2026-01-01', endDate: '2026-12-31', deadline: '2025-12-01' });
    expect(isForfaitLate(period!, '2025-12-01', '2026-02-01')).toBe(false);
    expect(isForfaitLate(period!, '2025-12-02', '2026-02-01')).toBe(true);
    expect(isForfaitLate(period!, null, '2025-11-30')).toBe(false);
    expect(isForfaitLate(period!, null, '2025-12-02')).toBe(true);
  });

  it('cuts the collection periods of a year to the deliberation’s dates (a winter season is two periods)', () => {
    expect(
      forfaitPeriodsOfYear(
        {
          beginDate: '2026-03-01',
          endDate: '2026-12-31',
          collectionPeriods: [
            { from: '01-01', to: '04-30' },
            { from: '12-01', to: '12-31' },
          ],
        },
        2026,
      ).map(({ beginDate, endDate }) => [beginDate, endDate]),
    ).toEqual([
      ['2026-03-01', '2026-04-30'],
      ['2026-12-01', '2026-12-31'],
    ]);
  });
});

describe('the forfait calendar of an establishment', () => {
  const payload = (forfait: boolean) => {
    const deliberation = deliberationPayloadSchema.parse({
      beginDate: '2026-01-01',
      endDate: '2026-12-31',
      rows: {
        PALACES: { tariff: 400 },
        HOTEL_5: { tariff: 300 },
        HOTEL_4: { tariff: 200 },
        HOTEL_3: { tariff: 150 },
        HOTEL_2: { tariff: 90 },
        HOTEL_1: { tariff: 80 },
        CAMPING_345: { tariff: 60 },
        CAMPING_12: { tariff: 20 },
        NONE: { rate: 400 },
      },
      collectionPeriods: [{ from: '04-01', to: '10-31' }],
      forfait: forfait ? { natures: ['CAMPSITE'], abatements: [{ fromNights: 1, rate: 3000 }] } : {},
    });
    return { ...deliberation, departmentalRate: 1000 };
  };
  const campsite = { nature: 'CAMPSITE' as const, stars: 3 as const };

  it('reads the regime of a month and the periods to declare from the deliberation in force', () => {
    const pricings = [{ id: 1, beginDate: '2026-01-01', endDate: '2026-12-31', payload: payload(true) }];
    expect(regimeOfMonth(pricings, campsite, 2026, 6)).toBe('FORFAIT');
    expect(regimeOfMonth(pricings, { nature: 'HOTEL', stars: 3 }, 2026, 6)).toBe('REEL');
    expect(regimeOfMonth(pricings, campsite, 2027, 6)).toBe('REEL');
    const periods = forfaitPeriodsOfEstablishment(pricings, campsite, 2026);
    expect(
      periods.map(({ beginDate, endDate, deadline, pricing }) => [beginDate, endDate, deadline, pricing.id]),
    ).toEqual([['2026-04-01', '2026-10-31', '2026-03-01', 1]]);
    expect(forfaitPeriodsOfEstablishment(pricings, { nature: 'HOTEL', stars: 3 }, 2026)).toEqual([]);
  });

  it('is au réel everywhere when the deliberation votes no forfait', () => {
    const pricings = [{ beginDate: '2026-01-01', endDate: '2026-12-31', payload: payload(false) }];
    expect(regimeOfMonth(pricings, campsite, 2026, 6)).toBe('REEL');
    expect(forfaitPeriodsOfEstablishment(pricings, campsite, 2026)).toEqual([]);
  });
});

describe('capacityRuleLabel', () => {
  it('states the code’s rule a declaration kept, and any other in words', () => {
    expect(capacityRuleLabel('PITCH', 3)).toBe('3 personnes par emplacement');
    expect(capacityRuleLabel('MOORING', 4)).toBe('4 personnes par anneau');
    expect(capacityRuleLabel('BED', 1)).toBe('1 personne par lit');
    expect(capacityRuleLabel('BED', 2)).toBe('2 personnes par lit');
    expect(capacityRuleLabel('PITCH', 1)).toBe('1 personne par emplacement');
  });
});
