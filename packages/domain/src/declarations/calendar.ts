import { daysInMonth } from '../calendar/dates';
import type { Month } from '../calendar/months';
import type { MonthLife } from '../establishments/life';

/** A month of a year, as a declaration names it. */
export interface YearMonth {
  year: number;
  month: Month;
}

/** Months compare as `year * 12 + month`: a total order with no Date and no time zone. */
export function monthIndex({ year, month }: YearMonth): number {
  return year * 12 + (month - 1);
}

/**
 * Built once: constructing a DateTimeFormat costs far more than formatting with it, and lists call `monthOf`
 * for every row (it was most of a semester resume's time).
 */
const parisMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: 'numeric',
});

/** The month of an ISO date or a Date, in the collectivity's calendar (Europe/Paris). */
export function monthOf(today: Date): YearMonth {
  const parts = parisMonth.formatToParts(today);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value) as Month;
  return { year, month };
}

/**
 * A host declares past months and the current one (stays of the current month may already be over); never a
 * month to come, whose stays cannot have happened yet.
 */
export function isDeclarable(target: YearMonth, today: YearMonth): boolean {
  return monthIndex(target) <= monthIndex(today);
}

/**
 * The state of one establishment's month, as the year view and the reminders show it:
 * - `done` (terminée): marked done, or covered by a platform-only attestation;
 * - `draft` (brouillon): a declaration exists, not marked done;
 * - `late` (en retard): a past month with no declaration;
 * - `todo` (à déclarer): the current month, not declared yet;
 * - `future`: not declarable yet;
 * - `outside_period`: nothing declared and nothing to declare — no night of the month is inside the collection
 *   periods of its deliberation (`collected` is `monthNeedsDeclaration`);
 * - `not_due`: nothing declared and nothing to declare — the establishment had not opened (`life` is the
 *   month's `monthLife`; a declaration made anyway keeps its own state);
 * - `closed`: nothing declared and nothing to declare — the establishment is closed every night of the month
 *   that counts;
 * - `ceased`: nothing declared and nothing to declare — the establishment had ceased letting;
 * - `forfait`: nothing to declare for the month — the establishment is taxed au forfait then, and declares each
 *   collection period instead.
 */
export type MonthState =
  | 'done'
  | 'draft'
  | 'late'
  | 'todo'
  | 'future'
  | 'outside_period'
  | 'not_due'
  | 'closed'
  | 'ceased'
  | 'forfait';
export const MONTH_STATES = [
  'done',
  'draft',
  'late',
  'todo',
  'future',
  'outside_period',
  'not_due',
  'closed',
  'ceased',
  'forfait',
] as const satisfies readonly MonthState[];

export function monthState(
  target: YearMonth,
  today: YearMonth,
  declaration: { done: boolean } | null,
  attested = false,
  life: MonthLife = 'due',
): MonthState {
  if (declaration?.done) return 'done';
  if (declaration) return 'draft';
  if (life === 'before_opening') return 'not_due';
  if (life !== 'due') return life;
  if (attested) return 'done';
  const delta = monthIndex(target) - monthIndex(today);
  if (delta > 0) return 'future';
  return delta === 0 ? 'todo' : 'late';
}

/** Most person-nights an establishment can host in a month: every place, every night. */
export function monthCapacity(capacityMaxPerson: number, target: YearMonth): number {
  return capacityMaxPerson * daysInMonth(target.year, target.month);
}
