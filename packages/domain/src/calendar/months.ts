import { z } from 'zod';
import { deFr } from '../format/french';
import { validationMessages as m } from '../validation/messages';

/** Months are numbered 1 (janvier) to 12 (décembre), as a declaration stores them. */
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type Month = (typeof MONTHS)[number];

export const MONTH_NAMES: Readonly<Record<Month, string>> = {
  1: 'janvier',
  2: 'février',
  3: 'mars',
  4: 'avril',
  5: 'mai',
  6: 'juin',
  7: 'juillet',
  8: 'août',
  9: 'septembre',
  10: 'octobre',
  11: 'novembre',
  12: 'décembre',
};

export function monthName(month: Month): string {
  return MONTH_NAMES[month];
}

/** The French abbreviations (as `Intl.DateTimeFormat('fr-FR', { month: 'short' })` writes them): "janv.", "mai". */
export const MONTH_SHORT_NAMES: Readonly<Record<Month, string>> = {
  1: 'janv.',
  2: 'févr.',
  3: 'mars',
  4: 'avr.',
  5: 'mai',
  6: 'juin',
  7: 'juil.',
  8: 'août',
  9: 'sept.',
  10: 'oct.',
  11: 'nov.',
  12: 'déc.',
};

export function monthShortName(month: Month): string {
  return MONTH_SHORT_NAMES[month];
}

/** "de mars", "d’octobre": the month after "de", elided as French writes it. */
export function deMonth(month: Month): string {
  return deFr(MONTH_NAMES[month]);
}

export function isMonth(value: unknown): value is Month {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 12;
}

/** Says which bound was missed, in the form engine's words, rather than zod's generic "invalid value". */
function rangeMessage(input: unknown, min: number, max: number): string {
  if (typeof input !== 'number' || !Number.isInteger(input)) return m.number();
  return input < min ? m.min(min) : m.max(max);
}

export const monthSchema = z.literal(MONTHS, { error: (issue) => rangeMessage(issue.input, 1, 12) });

/** Semester 1 = janvier–juin, 2 = juillet–décembre: the periods of the resume. */
export const SEMESTERS = [1, 2] as const;
export type Semester = (typeof SEMESTERS)[number];

export const semesterSchema = z.literal(SEMESTERS, { error: (issue) => rangeMessage(issue.input, 1, 2) });

export function monthsOfSemester(semester: Semester): Month[] {
  return semester === 1 ? [1, 2, 3, 4, 5, 6] : [7, 8, 9, 10, 11, 12];
}

export function semesterOfMonth(month: Month): Semester {
  return month <= 6 ? 1 : 2;
}

/** E.g. "1er semestre (janvier – juin)". */
export function semesterLabel(semester: Semester): string {
  const months = monthsOfSemester(semester);
  const first = monthName(months[0]!);
  const last = monthName(months[months.length - 1]!);
  return `${semester === 1 ? '1er' : '2e'} semestre (${first} – ${last})`;
}
