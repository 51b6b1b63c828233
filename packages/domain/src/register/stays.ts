import { z } from 'zod';
import { type IsoDate, isoDate, isoDateSchema, type Period } from '../calendar/dates';
import { deMonth, type Month } from '../calendar/months';
import type { Cents } from '../money/cents';
import { formatEuros } from '../money/format';
import { MAX_NIGHTS } from '../tax/figures';
import { pricingOfNight } from '../tax/in-force';
import { stayNightsFigures } from '../tax/stay-nights';
import { optionalText, PG_INT_MAX } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';
import { EXEMPTION_REASONS } from './exemptions';

/**
 * The host's register (registre du logeur): one line per stay, in an establishment. No civil-status data:
 * the law forbids it, so a stay has counts, dates, a price and a free reference, never a name.
 * How a stay's nights and rent go to months: docs/features/register.md.
 */

export { EXEMPTION_REASON_LABELS, EXEMPTION_REASONS, type ExemptionReason } from './exemptions';

/** A stay longer than a year is no tourist stay. */
export const STAY_MAX_NIGHTS = 366;
/** More persons than any establishment holds. */
export const STAY_MAX_PERSONS = 9_999;
export const STAY_REFERENCE_MAX = 100;
/** Dates a register may hold: those a declaration may name. */
export const STAY_YEAR_MIN = 2000;
export const STAY_YEAR_MAX = 2100;

const DAY_MS = 86_400_000;

function dayNumber(date: IsoDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/** Nights between two ISO dates (departure − arrival, in days). */
export function nightsBetween(arrival: IsoDate, departure: IsoDate): number {
  return dayNumber(departure) - dayNumber(arrival);
}

const registerCount = (max: number) =>
  z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? m.required() : m.number()),
    })
    .int({ error: m.integer() })
    .min(0, { error: m.min(0) })
    .max(max, { error: m.max(max) });

const stayDate = isoDateSchema.refine(
  (date) => {
    const year = Number(date.slice(0, 4));
    return year >= STAY_YEAR_MIN && year <= STAY_YEAR_MAX;
  },
  { error: m.date() },
);

export const stayMessages = {
  departureAfterArrival: () => 'La date de départ doit être postérieure à la date d’arrivée.',
  tooLong: () => `Un séjour ne peut pas dépasser ${STAY_MAX_NIGHTS} nuits.`,
  reasonRequired: () => 'Indiquez le motif d’exonération.',
  reasonWithoutExempted: () => 'Un motif d’exonération ne s’indique que pour des personnes exonérées.',
  atLeastOnePerson: () => 'Un séjour compte au moins une personne.',
  monthLocked: (year: number, month: Month) =>
    `Le mois ${deMonth(month)} ${year} est déclaré et terminé : ses séjours ne peuvent plus être modifiés.`,
} as const;

/**
 * A stay as the host types or imports it. `price` is the price of the whole stay excluding tax, in cents,
 * for all its occupants; `platform` says a platform took the payment and collected the tax itself.
 */
export const stayInputSchema = z
  .object({
    arrival: stayDate,
    departure: stayDate,
    persons: registerCount(STAY_MAX_PERSONS),
    exempted: registerCount(STAY_MAX_PERSONS).default(0),
    exemptionReason: z.enum(EXEMPTION_REASONS, { error: m.custom() }).nullable().default(null),
    price: registerCount(PG_INT_MAX),
    platform: z.boolean({ error: m.custom() }).default(false),
    reference: optionalText(STAY_REFERENCE_MAX).default(''),
  })
  .superRefine((stay, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const nights = nightsBetween(stay.arrival, stay.departure);
    if (nights < 1) issue('departure', stayMessages.departureAfterArrival());
    else if (nights > STAY_MAX_NIGHTS) issue('departure', stayMessages.tooLong());
    if (stay.persons < 1) issue('persons', stayMessages.atLeastOnePerson());
    if (stay.exempted > stay.persons) issue('exempted', m.max(stay.persons));
    if (stay.exempted > 0 && stay.exemptionReason === null)
      issue('exemptionReason', stayMessages.reasonRequired());
    if (stay.exempted === 0 && stay.exemptionReason !== null)
      issue('exemptionReason', stayMessages.reasonWithoutExempted());
    // A month's figures must fit a declaration: the stay's person-nights alone may not exceed its bound.
    if (nights >= 1 && nights * stay.persons > MAX_NIGHTS)
      issue('persons', m.max(Math.floor(MAX_NIGHTS / nights)));
    if (stay.price > PG_INT_MAX) issue('price', m.max(formatEuros(PG_INT_MAX)));
  });
export type StayInput = z.output<typeof stayInputSchema>;
export type StayInputRaw = z.input<typeof stayInputSchema>;

/** A stay of the register as the API answers it. */
export const registerStaySchema = z.object({
  id: z.number().int(),
  establishmentId: z.number().int(),
  arrival: z.string(),
  departure: z.string(),
  nights: z.number().int(),
  persons: z.number().int(),
  exempted: z.number().int(),
  exemptionReason: z.enum(EXEMPTION_REASONS).nullable(),
  price: z.number().int(),
  platform: z.boolean(),
  reference: z.string(),
  /** The stay has a night in a month whose declaration is done: it can no longer be changed. */
  locked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RegisterStay = z.infer<typeof registerStaySchema>;

export interface YearMonthKey {
  year: number;
  month: Month;
}

/** One month's share of a stay: its nights there and the part of the price they carry. */
export interface StayMonthShare extends YearMonthKey {
  nights: number;
  /** The price of these nights, in cents; the shares of a stay add up to its price exactly. */
  rent: Cents;
}

function nextMonth({ year, month }: YearMonthKey): YearMonthKey {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: (month + 1) as Month };
}

function dateOfDay(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Some nights of a stay that fall in one month and under one pricing (or none). */
export interface StayPart<P extends Period> extends StayMonthShare {
  /** The date of the part's first night. */
  from: IsoDate;
  pricing: P | undefined;
}

/**
 * A stay's nights cut at each month's end and at each pricing's bounds, in order: every night of a part is in
 * one month and under one pricing (`pricingOfNight`). The price is spread by nights, cumulatively rounded, so
 * the parts add up to the whole price and a month's parts to its share of `splitStayByMonth`.
 */
export function splitStayByPricing<P extends Period>(
  stay: Pick<StayInput, 'arrival' | 'departure' | 'price'>,
  pricings: readonly P[],
): StayPart<P>[] {
  const total = nightsBetween(stay.arrival, stay.departure);
  if (total < 1) return [];
  const first = dayNumber(stay.arrival);
  const last = dayNumber(stay.departure);
  const cuts = new Set<number>();
  const cut = (day: number) => {
    if (day > first && day < last) cuts.add(day);
  };
  let month: YearMonthKey = {
    year: Number(stay.arrival.slice(0, 4)),
    month: Number(stay.arrival.slice(5, 7)) as Month,
  };
  for (;;) {
    month = nextMonth(month);
    const day = dayNumber(isoDate(month.year, month.month, 1));
    if (day >= last) break;
    cut(day);
  }
  for (const pricing of pricings) {
    cut(dayNumber(pricing.beginDate));
    cut(dayNumber(pricing.endDate) + 1);
  }
  const bounds = [first, ...[...cuts].sort((a, b) => a - b), last];
  const priceUpTo = (nights: number) => Math.floor((stay.price * nights) / total);
  const parts: StayPart<P>[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const start = bounds[i]!;
    const nights = bounds[i + 1]! - start;
    const counted = start - first;
    const from = dateOfDay(start);
    parts.push({
      year: Number(from.slice(0, 4)),
      month: Number(from.slice(5, 7)) as Month,
      from,
      pricing: pricingOfNight(pricings, from),
      nights,
      rent: priceUpTo(counted + nights) - priceUpTo(counted),
    });
  }
  return parts;
}

/**
 * The months a stay's nights fall in, in order. A night belongs to the month of the evening it starts
 * (the night of 30 June to 1 July is a June night). The price is spread by nights, each month's share rounded
 * so that the shares add up to the whole price (cumulative rounding: no cent lost or created).
 */
export function splitStayByMonth(stay: Pick<StayInput, 'arrival' | 'departure' | 'price'>): StayMonthShare[] {
  return splitStayByPricing(stay, []).map(({ year, month, nights, rent }) => ({ year, month, nights, rent }));
}

/**
 * The band of a stay's nights for unclassified lets: the price of one night (the stay's price ÷ its nights,
 * compared exactly, without rounding) below the pricing's threshold is `inf`, at or above it `sup`. Every night
 * of a stay has the same price, so all its nights share a band.
 */
export function nightBand(
  stay: Pick<StayInput, 'arrival' | 'departure' | 'price'>,
  threshold: Cents,
): 'inf' | 'sup' {
  const nights = nightsBetween(stay.arrival, stay.departure);
  return stay.price < threshold * nights ? 'inf' : 'sup';
}

/** The figures of a month computed from the register, in the shape the declaration form takes. */
export interface RegisterMonthFigures {
  personCount: number;
  nightsCount: number;
  exemptedCount: number;
  nightsCountInf: number;
  nightsCountInfMin: number;
  prixInf: Cents;
  prixInfMin: Cents;
  nightsCountSup: number;
  nightsCountSupMin: number;
  prixSup: Cents;
  prixSupMin: Cents;
  platformNightsCount: number;
}

export const EMPTY_REGISTER_FIGURES: RegisterMonthFigures = {
  personCount: 0,
  nightsCount: 0,
  exemptedCount: 0,
  nightsCountInf: 0,
  nightsCountInfMin: 0,
  prixInf: 0,
  prixInfMin: 0,
  nightsCountSup: 0,
  nightsCountSupMin: 0,
  prixSup: 0,
  prixSupMin: 0,
  platformNightsCount: 0,
};

type FigureStay = Pick<StayInput, 'arrival' | 'departure' | 'price' | 'persons' | 'exempted' | 'platform'>;

export function addFigures(total: RegisterMonthFigures, f: RegisterMonthFigures): void {
  for (const key of Object.keys(total) as (keyof RegisterMonthFigures)[]) total[key] += f[key];
}

/**
 * A month's declaration figures from the stays of the register. Direct bookings give the counts and the
 * bands; stays booked through a platform that collected the tax give only `platformNightsCount` (all their
 * person-nights). `personCount` counts the persons of every direct stay with a night in the month.
 * `threshold` is the one of the pricing in force on the month's nights (`pricingOfMonth`).
 */
export function registerMonthFigures(
  stays: readonly FigureStay[],
  target: YearMonthKey,
  threshold: Cents,
): RegisterMonthFigures {
  const f: RegisterMonthFigures = { ...EMPTY_REGISTER_FIGURES };
  for (const stay of stays) {
    const share = splitStayByMonth(stay).find((s) => s.year === target.year && s.month === target.month);
    if (!share) continue;
    if (stay.platform) {
      f.platformNightsCount += stay.persons * share.nights;
      continue;
    }
    addFigures(
      f,
      stayNightsFigures({
        nights: share.nights,
        persons: stay.persons,
        exempted: stay.exempted,
        rent: share.rent,
        band: nightBand(stay, threshold),
      }),
    );
  }
  return f;
}

/** Every month a stay has a night in, as "yyyy-mm" keys (to find the months an import changes). */
export function monthKeysOfStay(stay: Pick<StayInput, 'arrival' | 'departure' | 'price'>): string[] {
  return splitStayByMonth(stay).map((s) => monthKey(s));
}

export function monthKey({ year, month }: YearMonthKey): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

export function parseMonthKey(key: string): YearMonthKey {
  return { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) as Month };
}
