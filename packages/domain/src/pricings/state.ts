import { daysInMonth, type IsoDate, isoDate, type Period } from '../calendar/dates';
import type { Month } from '../calendar/months';

/** Where "today" is decided: the collectivity's (Moselle) calendar day, whatever the server's time zone. */
export const COLLECTIVITY_TIME_ZONE = 'Europe/Paris';

export const PRICING_STATES = ['past', 'current', 'future'] as const;
export type PricingState = (typeof PRICING_STATES)[number];

/**
 * One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than formatting with it, and
 * the server asks for today's date on every list request.
 */
const dayFormats = /*#__PURE__*/ new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone, as an ISO date (`2026-03-15`). */
export function isoDateIn(instant: Date, timeZone: string = COLLECTIVITY_TIME_ZONE): IsoDate {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return isoDate(part('year'), part('month') as Month, part('day'));
}

/** Past when it ended before today, future when it starts after today, current when it contains today. */
export function pricingStateOn(period: Period, today: IsoDate): PricingState {
  if (period.endDate < today) return 'past';
  if (period.beginDate > today) return 'future';
  return 'current';
}

/** The same day `years` later; 29 February becomes 28 February in a common year. */
export function addYears(date: IsoDate, years: number): IsoDate {
  const year = Number(date.slice(0, 4)) + years;
  const month = Number(date.slice(5, 7)) as Month;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return isoDate(year, month, day);
}

/**
 * The period a year later, for "duplicate for next year". A period ending on the last day of a month keeps
 * ending on the last day of that month (2027-02-28 → 2028-02-29).
 */
export function periodOneYearLater(period: Period): Period {
  const end = addYears(period.endDate, 1);
  const endMonth = Number(period.endDate.slice(5, 7)) as Month;
  const endYear = Number(period.endDate.slice(0, 4));
  const endedOnLastDay = Number(period.endDate.slice(8, 10)) === daysInMonth(endYear, endMonth);
  return {
    beginDate: addYears(period.beginDate, 1),
    endDate: endedOnLastDay ? isoDate(endYear + 1, endMonth, daysInMonth(endYear + 1, endMonth)) : end,
  };
}
