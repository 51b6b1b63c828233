import { z } from 'zod';
import { validationMessages as m } from '../validation/messages';
import type { Month } from './months';

/**
 * Dates are ISO calendar dates `yyyy-mm-dd` held as strings: no time zone can shift them, and two of them
 * compare correctly as strings, so a period check needs no `Date`.
 */
export type IsoDate = string;

/** A real calendar date (zod rejects 2026-02-30 too). */
export const isoDateSchema = z.iso.date({ error: m.date() });

export interface Period {
  beginDate: IsoDate;
  endDate: IsoDate;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: Month): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function isoDate(year: number, month: Month, day: number): IsoDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

export function firstDayOfMonth(year: number, month: Month): IsoDate {
  return isoDate(year, month, 1);
}

export function lastDayOfMonth(year: number, month: Month): IsoDate {
  return isoDate(year, month, daysInMonth(year, month));
}

export function yearOfIsoDate(date: IsoDate): number {
  return Number(date.slice(0, 4));
}

/** The calendar years a period touches, in order (2025-07-01 → 2026-06-30 gives [2025, 2026]). */
export function yearsOfPeriod(period: Period): number[] {
  const years: number[] = [];
  for (let year = yearOfIsoDate(period.beginDate); year <= yearOfIsoDate(period.endDate); year++)
    years.push(year);
  return years;
}

/**
 * A period covers a month when it contains *every* day of it. A declaration is one month computed with one
 * pricing table, so a table that starts or ends in the middle of the month does not cover it.
 */
export function periodCoversMonth(period: Period, year: number, month: Month): boolean {
  return period.beginDate <= firstDayOfMonth(year, month) && period.endDate >= lastDayOfMonth(year, month);
}

/** Two inclusive periods overlap when they share at least one day (pricing periods never may). */
export function periodsOverlap(a: Period, b: Period): boolean {
  return a.beginDate <= b.endDate && b.beginDate <= a.endDate;
}
