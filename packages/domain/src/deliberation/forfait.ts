import { z } from 'zod';
import { daysInMonth, type IsoDate, isoDateSchema, type Period } from '../calendar/dates';
import type { Month } from '../calendar/months';
import type { EstablishmentType } from '../establishments/types';
import { BASIS_POINTS_PER_UNIT, type BasisPoints, type Cents, roundHalfUpToCents } from '../money/cents';
import { formatBasisPoints, formatInteger } from '../money/format';
import { nightsBetween } from '../register/stays';
import type { ComponentAmount, UnitCharge } from './components';
import { type Nature, natureInfo, natureSchema, type Stars, typeOfNature } from './natures';
import { type CollectionPeriod, datedCollectionPeriods } from './periods';

/**
 * The forfait regime (CGCT L2333-40 to L2333-43, R2333-58/59): for the natures the deliberation puts au
 * forfait, the host pays on the accommodation's capacity for the nights it is open, whoever stays:
 * capacity units × (1 − abatement) × nights both open and inside a collection period × the row's tariff, each
 * additional component on the same base. Declared before each collection period, at least one month before it
 * starts.
 */

export const REGIMES = ['REEL', 'FORFAIT'] as const;
export type Regime = (typeof REGIMES)[number];

export const regimeLabels: Readonly<Record<Regime, string>> = {
  REEL: 'Au réel',
  FORFAIT: 'Au forfait',
};

/** The abatement the council votes on the capacity, 10 % to 80 % (L2333-42), in basis points. */
export const FORFAIT_ABATEMENT_MIN: BasisPoints = 1_000;
export const FORFAIT_ABATEMENT_MAX: BasisPoints = 8_000;
/** More bands than any deliberation sets; beyond it, a typing error. */
export const MAX_ABATEMENT_BANDS = 12;
/** A collection period is at most a year long. */
export const MAX_NIGHTS_IN_A_PERIOD = 366;

export const forfaitMessages = {
  abatementRate: () => 'L’abattement doit être compris entre 10 % et 80 % (article L2333-42 du CGCT).',
  abatementFrom: () => 'Le nombre de nuits d’ouverture doit être un entier entre 1 et 366.',
  abatementsOrder: () =>
    'Les tranches d’abattement doivent commencer à 1 nuit d’ouverture et aller en croissant, sans doublon.',
  abatementsRequired: () =>
    'Une nature au forfait demande l’abattement voté par le conseil (au moins une tranche, à partir d’1 nuit).',
  natureNotForfait: () =>
    'Cette nature ne peut pas être taxée au forfait : un hébergement « autre » est toujours taxé au réel.',
  natureTwice: () => 'Chaque nature ne figure qu’une fois.',
  capacity: (max: number) =>
    `La capacité doit être un nombre entier entre 1 et ${max.toLocaleString('fr-FR')}.`,
  openingRequired: () => 'Indiquez au moins une période d’ouverture.',
  openingOrder: () => 'La période d’ouverture doit finir le jour de son début ou après.',
  openingOutside: (label: string) =>
    `La période d’ouverture doit être comprise dans la période de perception (${label}).`,
  openingOverlap: () => 'Les périodes d’ouverture ne doivent pas se chevaucher.',
  periodUnknown: () =>
    'Cette date n’est le début d’aucune période de perception au forfait de cet établissement.',
} as const;

/** One band: from this many nights of opening in the collection period, this abatement. */
export const abatementBandSchema = z.object({
  fromNights: z
    .number({ error: forfaitMessages.abatementFrom() })
    .int({ error: forfaitMessages.abatementFrom() })
    .min(1, { error: forfaitMessages.abatementFrom() })
    .max(MAX_NIGHTS_IN_A_PERIOD, { error: forfaitMessages.abatementFrom() }),
  rate: z
    .number({ error: forfaitMessages.abatementRate() })
    .int({ error: forfaitMessages.abatementRate() })
    .min(FORFAIT_ABATEMENT_MIN, { error: forfaitMessages.abatementRate() })
    .max(FORFAIT_ABATEMENT_MAX, { error: forfaitMessages.abatementRate() }),
});
export type AbatementBand = z.infer<typeof abatementBandSchema>;

/** The natures that may be put au forfait: all but "other", which has no tariff row of its own. */
export const FORFAIT_NATURES: readonly Nature[] = (Object.keys(natureInfo) as Nature[]).filter(
  (nature) => nature !== 'OTHER',
);

/**
 * The deliberation's forfait: which natures are taxed au forfait (one regime per nature, the others au réel)
 * and the abatement by length of opening. A single band from 1 night is a flat abatement.
 */
export const forfaitSettingsSchema = z
  .object({
    natures: z.array(natureSchema).max(FORFAIT_NATURES.length).default([]),
    abatements: z.array(abatementBandSchema).max(MAX_ABATEMENT_BANDS).default([]),
  })
  .superRefine((settings, ctx) => {
    for (const [path, message] of Object.entries(forfaitSettingsErrors(settings))) {
      ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    }
  });
export type ForfaitSettings = z.output<typeof forfaitSettingsSchema>;
export type ForfaitSettingsInput = z.input<typeof forfaitSettingsSchema>;

/** Every nature au réel: a deliberation that voted no forfait, and every deliberation stored before it. */
export const NO_FORFAIT: ForfaitSettings = { natures: [], abatements: [] };

/** The rules beyond the shape, keyed by path relative to the settings. */
export function forfaitSettingsErrors(settings: {
  natures: readonly Nature[];
  abatements: readonly AbatementBand[];
}): Record<string, string> {
  const errors: Record<string, string> = {};
  settings.natures.forEach((nature, index) => {
    if (!FORFAIT_NATURES.includes(nature)) errors[`natures.${index}`] = forfaitMessages.natureNotForfait();
    else if (settings.natures.indexOf(nature) !== index)
      errors[`natures.${index}`] = forfaitMessages.natureTwice();
  });
  if (settings.natures.length > 0 && settings.abatements.length === 0) {
    errors.abatements = forfaitMessages.abatementsRequired();
  }
  settings.abatements.forEach((band, index) => {
    const previous = settings.abatements[index - 1];
    const misplaced =
      index === 0 ? band.fromNights !== 1 : !previous || band.fromNights <= previous.fromNights;
    if (misplaced) errors[`abatements.${index}.fromNights`] = forfaitMessages.abatementsOrder();
  });
  return errors;
}

/** The abatement for an opening of `nights` nights in a collection period: the last band it reaches. */
export function abatementFor(abatements: readonly AbatementBand[], nights: number): BasisPoints {
  let rate = abatements[0]?.rate ?? 0;
  for (const band of abatements) if (nights >= band.fromNights) rate = band.rate;
  return rate;
}

/**
 * Whether an establishment is taxed au forfait under a deliberation: its nature is au forfait and it has a
 * tariff row. Unclassified accommodation other than campsites is taxed on its rent, so always au réel (an
 * unclassified campsite takes the campsites' row and may be au forfait).
 */
export function regimeOf(
  forfait: Pick<ForfaitSettings, 'natures'>,
  establishment: { nature: Nature | null; stars: Stars | null },
): Regime {
  const { nature, stars } = establishment;
  if (nature === null || !forfait.natures.includes(nature)) return 'REEL';
  return typeOfNature(nature, stars) === 'NONE' ? 'REEL' : 'FORFAIT';
}

/** What the capacity of a nature is counted in (R2333-58). */
export const CAPACITY_UNITS = ['PERSON', 'BED', 'PITCH', 'MOORING'] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];

export interface CapacityRule {
  unit: CapacityUnit;
  /** Capacity units (persons) per counted unit. */
  personsPerUnit: number;
  /** "emplacements", as the form asks for the count. */
  countLabel: string;
  /** "3 personnes par emplacement", as a declaration states the rule it used. */
  ruleLabel: string;
}

const PERSONS: CapacityRule = {
  unit: 'PERSON',
  personsPerUnit: 1,
  countLabel: 'personnes que l’établissement peut héberger',
  ruleLabel: '1 unité par personne que l’établissement peut héberger',
};
const BEDS: CapacityRule = {
  unit: 'BED',
  personsPerUnit: 1,
  countLabel: 'lits',
  ruleLabel: '1 personne par lit',
};
const PITCHES: CapacityRule = {
  unit: 'PITCH',
  personsPerUnit: 3,
  countLabel: 'emplacements',
  ruleLabel: '3 personnes par emplacement',
};
const MOORINGS: CapacityRule = {
  unit: 'MOORING',
  personsPerUnit: 4,
  countLabel: 'anneaux',
  ruleLabel: '4 personnes par anneau',
};

/** The code's rule per nature: persons the premises can take, beds, pitches of open-air grounds, moorings. */
export const capacityRules: Readonly<Record<Nature, CapacityRule>> = {
  PALACE: PERSONS,
  HOTEL: PERSONS,
  TOURIST_RESIDENCE: PERSONS,
  FURNISHED_LET: PERSONS,
  GUEST_ROOMS: PERSONS,
  OTHER: PERSONS,
  HOLIDAY_VILLAGE: BEDS,
  HOSTEL: BEDS,
  MOTORHOME_AREA: PITCHES,
  CAMPSITE: PITCHES,
  MARINA: MOORINGS,
};

const UNIT_NOUNS: Readonly<Record<CapacityUnit, string>> = {
  PERSON: 'personne hébergée',
  BED: 'lit',
  PITCH: 'emplacement',
  MOORING: 'anneau',
};

/**
 * The rule a declaration was computed with, in words, from what it stored (the unit and persons per unit): the
 * code's own wording when it is one of its rules, else "2 personnes par lit".
 */
export function capacityRuleLabel(unit: CapacityUnit, personsPerUnit: number): string {
  const rule = Object.values(capacityRules).find(
    (candidate) => candidate.unit === unit && candidate.personsPerUnit === personsPerUnit,
  );
  if (rule) return rule.ruleLabel;
  return `${personsPerUnit} ${personsPerUnit >= 2 ? 'personnes' : 'personne'} par ${UNIT_NOUNS[unit]}`;
}

/** A band as the pricing screen and the Journal read it: "À partir de 30 nuits d’ouverture : abattement 20 %". */
export function abatementBandLabel({ fromNights, rate }: AbatementBand): string {
  const nights = `${formatInteger(fromNights)} ${fromNights >= 2 ? 'nuits' : 'nuit'}`;
  return `À partir de ${nights} d’ouverture : abattement ${formatBasisPoints(rate)}`;
}

/** Far more pitches, beds or moorings than any accommodation has; beyond it, a typing error. */
export const MAX_FORFAIT_CAPACITY = 100_000;

export const forfaitCapacitySchema = z
  .number({ error: forfaitMessages.capacity(MAX_FORFAIT_CAPACITY) })
  .int({ error: forfaitMessages.capacity(MAX_FORFAIT_CAPACITY) })
  .min(1, { error: forfaitMessages.capacity(MAX_FORFAIT_CAPACITY) })
  .max(MAX_FORFAIT_CAPACITY, { error: forfaitMessages.capacity(MAX_FORFAIT_CAPACITY) });

/** An opening period: its first and its last night, both included (open 1 May – 30 September: 153 nights). */
export const openingPeriodSchema = z.object({ from: isoDateSchema, to: isoDateSchema });
export type OpeningPeriod = z.infer<typeof openingPeriodSchema>;

export const openingPeriodsSchema = z
  .array(openingPeriodSchema)
  .min(1, { error: forfaitMessages.openingRequired() })
  .max(MAX_ABATEMENT_BANDS);

/** Nights from `from` to `to`, both included; 0 when `to` is before `from`. */
export function openingNights(from: IsoDate, to: IsoDate): number {
  return to < from ? 0 : nightsBetween(from, to) + 1;
}

/** "du 1er mai 2026 au 30 septembre 2026". */
export function datedPeriodLabel(period: Period): string {
  return `du ${frenchDate(period.beginDate)} au ${frenchDate(period.endDate)}`;
}

const frenchDateFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function frenchDate(date: IsoDate): string {
  const text = frenchDateFormat.format(new Date(`${date}T00:00:00Z`));
  return text.startsWith('1 ') ? `1er ${text.slice(2)}` : text;
}

/**
 * The opening periods' errors against the collection period they are declared for, keyed by path
 * (`openingPeriods.0.to`): each one in order, inside the period, none overlapping another.
 */
export function openingPeriodsErrors(
  openings: readonly OpeningPeriod[],
  collection: Period,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const label = datedPeriodLabel(collection);
  openings.forEach((opening, index) => {
    if (opening.to < opening.from) errors[`openingPeriods.${index}.to`] = forfaitMessages.openingOrder();
    else if (opening.from < collection.beginDate || opening.to > collection.endDate) {
      errors[`openingPeriods.${index}.from`] = forfaitMessages.openingOutside(label);
    } else if (
      openings.some(
        (other, at) =>
          at < index && other.from <= other.to && other.from <= opening.to && opening.from <= other.to,
      )
    ) {
      errors[`openingPeriods.${index}.from`] = forfaitMessages.openingOverlap();
    }
  });
  return errors;
}

/** Nights open: the opening periods' nights (they lie inside the collection period and do not overlap). */
export function openNights(openings: readonly OpeningPeriod[]): number {
  return openings.reduce((sum, { from, to }) => sum + openingNights(from, to), 0);
}

/** A collection period of a year, as a forfait declaration is made for it. */
export interface ForfaitPeriod extends Period {
  /** The last day a declaration is on time: one month before the period starts (L2333-43). */
  deadline: IsoDate;
}

/** The same day one month earlier, or that month's last day (31 March → 28 or 29 February). */
export function oneMonthBefore(date: IsoDate): IsoDate {
  let year = Number(date.slice(0, 4));
  let month = Number(date.slice(5, 7)) - 1;
  if (month === 0) {
    month = 12;
    year -= 1;
  }
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month as Month));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The collection periods of a year under a deliberation, each cut to the deliberation's own dates, with the
 * deadline of its forfait declaration.
 */
export function forfaitPeriodsOfYear(
  deliberation: Period & { collectionPeriods: readonly CollectionPeriod[] },
  year: number,
): ForfaitPeriod[] {
  return datedCollectionPeriods(deliberation.collectionPeriods, year, year)
    .map((period) => ({
      beginDate: period.beginDate < deliberation.beginDate ? deliberation.beginDate : period.beginDate,
      endDate: period.endDate > deliberation.endDate ? deliberation.endDate : period.endDate,
    }))
    .filter((period) => period.beginDate <= period.endDate)
    .map((period) => ({ ...period, deadline: oneMonthBefore(period.beginDate) }));
}

/** Declared after its deadline: allowed, but late. `declaredOn` is the day it was marked done, if it was. */
export function isForfaitLate(period: ForfaitPeriod, declaredOn: IsoDate | null, today: IsoDate): boolean {
  return (declaredOn ?? today) > period.deadline;
}

export interface ForfaitBase {
  /** Counted units (pitches, beds, moorings, persons) the host declared. */
  capacity: number;
  rule: CapacityRule;
  /** Nights open inside the collection period. */
  nights: number;
  abatementRate: BasisPoints;
}

export interface ForfaitTax {
  /** capacity × persons per unit. */
  capacityUnits: number;
  nights: number;
  abatementRate: BasisPoints;
  /** Capacity units × nights × (1 − abatement): the "person-nights" the forfait charges, possibly fractional. */
  chargedUnitNights: number;
  units: UnitCharge;
  base: Cents;
  components: ComponentAmount[];
  total: Cents;
}

/**
 * The forfait of one collection period: each unit of the row (the tariff, each component rounded on its own
 * as au réel) times capacity units × nights × (1 − abatement), rounded half-up to the cent once per amount.
 * The total is the sum of the rounded amounts, so a host can redo each line on paper.
 */
export function computeForfaitTax(base: ForfaitBase, units: UnitCharge): ForfaitTax {
  const capacityUnits = base.capacity * base.rule.personsPerUnit;
  const factor =
    BigInt(capacityUnits) * BigInt(base.nights) * BigInt(BASIS_POINTS_PER_UNIT - base.abatementRate);
  const amount = (unit: Cents) => roundHalfUpToCents(BigInt(unit) * factor, BASIS_POINTS_PER_UNIT);
  const baseAmount = amount(units.base);
  const components = units.components.map(({ kind, rate, unit }) => ({ kind, rate, amount: amount(unit) }));
  return {
    capacityUnits,
    nights: base.nights,
    abatementRate: base.abatementRate,
    chargedUnitNights:
      (capacityUnits * base.nights * (BASIS_POINTS_PER_UNIT - base.abatementRate)) / BASIS_POINTS_PER_UNIT,
    units,
    base: baseAmount,
    components,
    total: components.reduce((sum, { amount: value }) => sum + value, baseAmount),
  };
}

/** The grid row a forfait establishment is charged with (never NONE: that regime is au réel). */
export function forfaitRowOf(nature: Nature, stars: Stars | null): Exclude<EstablishmentType, 'NONE'> | null {
  const type = typeOfNature(nature, stars);
  return type === 'NONE' ? null : type;
}
