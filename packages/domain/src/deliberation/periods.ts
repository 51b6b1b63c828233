import { z } from 'zod';
import { daysInMonth, type IsoDate, isoDate, type Period, yearOfIsoDate } from '../calendar/dates';
import { deMonth, MONTH_NAMES, type Month } from '../calendar/months';
import type { Cents } from '../money/cents';
import { type StayMonthShare, splitStayByPricing } from '../register/stays';

/**
 * Collection periods (périodes de perception): the parts of every year in which the deliberation taxes nights.
 * A period is two days of the year, `MM-DD`, both included; it repeats every year of the deliberation. A night
 * is named by the date of the evening it starts, as everywhere in the tax (the night of 30 September to
 * 1 October belongs to 30 September). `MM-DD` strings compare in calendar order, so "02-29" needs no care:
 * in a common year a period ending on it ends on 28 February, one starting on it starts on 1 March.
 */
export type MonthDay = string;

export interface CollectionPeriod {
  from: MonthDay;
  to: MonthDay;
}

/** The whole year: the periods of a deliberation that restricts nothing, and the default. */
export const WHOLE_YEAR: readonly CollectionPeriod[] = [{ from: '01-01', to: '12-31' }];

/** Far more periods than any deliberation sets; beyond it, a typing error. */
export const MAX_COLLECTION_PERIODS = 12;

const MONTH_DAY = /^(\d{2})-(\d{2})$/;

function parseMonthDay(value: string): { month: Month; day: number } | null {
  const match = MONTH_DAY.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12) return null;
  // A leap year: 29 February is a day of the year a deliberation may name.
  if (day < 1 || day > daysInMonth(2024, month as Month)) return null;
  return { month: month as Month, day };
}

/** "1er avril", "30 septembre": a day of the year as French writes it. */
export function monthDayLabel(value: MonthDay): string {
  const parsed = parseMonthDay(value);
  if (!parsed) return value;
  return `${parsed.day === 1 ? '1er' : parsed.day} ${MONTH_NAMES[parsed.month]}`;
}

/** "du 1er avril au 30 septembre". */
export function collectionPeriodLabel(period: CollectionPeriod): string {
  return `du ${monthDayLabel(period.from)} au ${monthDayLabel(period.to)}`;
}

export const periodMessages = {
  monthDay: () => 'Veuillez saisir un jour de l’année valide (mm-jj).',
  endBeforeStart: () =>
    'La fin de la période doit suivre son début dans l’année : une période à cheval sur deux années se saisit en deux périodes (par exemple du 1er décembre au 31 décembre et du 1er janvier au 30 avril).',
  overlap: (other: CollectionPeriod) =>
    `Cette période chevauche la période ${collectionPeriodLabel(other)} : les périodes de perception ne peuvent pas se chevaucher.`,
  none: () =>
    'Indiquez au moins une période de perception (du 1er janvier au 31 décembre pour toute l’année).',
  tooMany: () => `Indiquez au plus ${MAX_COLLECTION_PERIODS} périodes de perception.`,
} as const;

export const monthDaySchema = z
  .string({ error: periodMessages.monthDay() })
  .refine((value) => parseMonthDay(value) !== null, { error: periodMessages.monthDay() });

export const collectionPeriodSchema = z
  .object({ from: monthDaySchema, to: monthDaySchema })
  .refine((period) => period.from <= period.to, { error: periodMessages.endBeforeStart(), path: ['to'] });

function overlap(a: CollectionPeriod, b: CollectionPeriod): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/**
 * One or more periods within the year, none overlapping another (each overlap is reported on the later one,
 * naming the earlier). Left out, the whole year.
 */
export const collectionPeriodsSchema = z
  .array(collectionPeriodSchema, { error: periodMessages.none() })
  .min(1, { error: periodMessages.none() })
  .max(MAX_COLLECTION_PERIODS, { error: periodMessages.tooMany() })
  .superRefine((periods, ctx) => {
    periods.forEach((period, index) => {
      const earlier = periods.slice(0, index).find((other) => overlap(other, period));
      if (earlier)
        ctx.addIssue({ code: 'custom', path: [index, 'from'], message: periodMessages.overlap(earlier) });
    });
  })
  .default(() => WHOLE_YEAR.map((period) => ({ ...period })));

/** Whether the night that starts on `night` is taxed. */
export function isNightCollected(periods: readonly CollectionPeriod[], night: IsoDate): boolean {
  const day = night.slice(5);
  return periods.some((period) => period.from <= day && day <= period.to);
}

/** How many of a month's nights are taxed. */
export function collectedNightsOfMonth(
  periods: readonly CollectionPeriod[],
  year: number,
  month: Month,
): number {
  let count = 0;
  for (let day = 1; day <= daysInMonth(year, month); day++) {
    if (isNightCollected(periods, isoDate(year, month, day))) count++;
  }
  return count;
}

/** A month entirely inside the periods, partly, or entirely outside. */
export type MonthCollection = 'all' | 'some' | 'none';

export function monthCollection(
  periods: readonly CollectionPeriod[],
  year: number,
  month: Month,
): MonthCollection {
  const collected = collectedNightsOfMonth(periods, year, month);
  if (collected === 0) return 'none';
  return collected === daysInMonth(year, month) ? 'all' : 'some';
}

/**
 * A month entirely outside the periods has nothing to declare: it is never late and never reminded. A month
 * partly inside is declared for its nights inside.
 */
export function monthNeedsDeclaration(
  periods: readonly CollectionPeriod[],
  year: number,
  month: Month,
): boolean {
  return monthCollection(periods, year, month) !== 'none';
}

/** "Le mois d’octobre 2026 est hors des périodes de perception : il n’y a rien à déclarer." */
export function monthOutsideMessage(year: number, month: Month): string {
  return `Le mois ${deMonth(month)} ${year} est hors des périodes de perception : il n’y a rien à déclarer.`;
}

/**
 * The periods as dated periods of the years `firstYear` to `lastYear`, in order. In a common year a period
 * starting on 29 February starts on 1 March, one ending on it ends on 28 February (and "02-29" to "02-29" is
 * empty): the nights `isNightCollected` says are inside, and no others.
 */
export function datedCollectionPeriods(
  periods: readonly CollectionPeriod[],
  firstYear: number,
  lastYear: number,
): Period[] {
  const dated: Period[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const leap = daysInMonth(year, 2) === 29;
    for (const { from, to } of [...periods].sort((a, b) => a.from.localeCompare(b.from))) {
      const beginDate = `${year}-${!leap && from === '02-29' ? '03-01' : from}`;
      const endDate = `${year}-${!leap && to === '02-29' ? '02-28' : to}`;
      if (beginDate <= endDate) dated.push({ beginDate, endDate });
    }
  }
  return dated;
}

/** The nights of a month inside the periods, as dated spans in order (none when the month is outside). */
export function collectedSpansOfMonth(
  periods: readonly CollectionPeriod[],
  year: number,
  month: Month,
): Period[] {
  const first = isoDate(year, month, 1);
  const last = isoDate(year, month, daysInMonth(year, month));
  return datedCollectionPeriods(periods, year, year).flatMap((period) =>
    period.beginDate <= last && first <= period.endDate
      ? [
          {
            beginDate: period.beginDate < first ? first : period.beginDate,
            endDate: period.endDate > last ? last : period.endDate,
          },
        ]
      : [],
  );
}

/** Some nights of a stay in one month, all inside the periods or all outside, with their share of the price. */
export interface StayCollectedPart extends StayMonthShare {
  /** The date of the part's first night. */
  from: IsoDate;
  collected: boolean;
}

/**
 * A stay's nights cut at month ends and at the periods' bounds, as the register cuts them at pricings'
 * (`splitStayByPricing`: the price spread by nights with cumulative rounding, so the parts add up to it).
 */
export function splitStayByCollection(
  periods: readonly CollectionPeriod[],
  stay: { arrival: IsoDate; departure: IsoDate; price: Cents },
): StayCollectedPart[] {
  const dated = datedCollectionPeriods(periods, yearOfIsoDate(stay.arrival), yearOfIsoDate(stay.departure));
  return splitStayByPricing(stay, dated).map(({ pricing, ...part }) => ({ ...part, collected: !!pricing }));
}

/** One month's share of a stay: its nights there, and how many of them are taxed. */
export interface StayMonthNights {
  year: number;
  month: Month;
  nights: number;
  collected: number;
}

/**
 * A stay's nights month by month, each with the number inside the periods: the register declares a month
 * for its nights inside, and a stay across a period's end owes only for those.
 */
export function stayNightsByMonth(
  periods: readonly CollectionPeriod[],
  arrival: IsoDate,
  departure: IsoDate,
): StayMonthNights[] {
  const months: StayMonthNights[] = [];
  for (const part of splitStayByCollection(periods, { arrival, departure, price: 0 })) {
    let last = months.at(-1);
    if (!last || last.year !== part.year || last.month !== part.month) {
      last = { year: part.year, month: part.month, nights: 0, collected: 0 };
      months.push(last);
    }
    last.nights += part.nights;
    if (part.collected) last.collected += part.nights;
  }
  return months;
}

/** How many nights of a stay are taxed. */
export function collectedNightsOfStay(
  periods: readonly CollectionPeriod[],
  arrival: IsoDate,
  departure: IsoDate,
): number {
  return splitStayByCollection(periods, { arrival, departure, price: 0 })
    .filter((part) => part.collected)
    .reduce((sum, part) => sum + part.nights, 0);
}
