import { type IsoDate, lastDayOfMonth } from '../calendar/dates';
import type { YearMonth } from '../declarations/calendar';
import { type CollectionPeriod, monthNeedsDeclaration, WHOLE_YEAR } from '../deliberation/periods';

/** What the due-month rule reads of an establishment. */
export interface EstablishmentLife {
  /** The first day of letting; `null` when not known (rows written before it existed, outside the API). */
  openingDate: IsoDate | null;
}

/**
 * The latest opening date for which `target` is due: its last day. A month in which the establishment opens
 * is due (its stays from the opening day on are taxed), the months before it are not. The SQL of the missing
 * months (`apps/server/src/declarations/missing.ts`) compares each establishment's opening date with this
 * bound, so the database pages exactly the months `isMonthDue` accepts.
 */
export function dueIfOpenedBy(target: YearMonth): IsoDate {
  return lastDayOfMonth(target.year, target.month);
}

/**
 * Whether an establishment has to declare `target`: it had opened by the month's last day, and some night of
 * the month is inside the collection periods of the deliberation in force (`collectionPeriodsOfMonth`; a
 * month entirely outside has nothing to declare). Without an opening date every month is due (nothing says
 * it was not letting). Whether the month is over is not this rule's business: each caller compares with today
 * as it needs (late, to do, to come).
 */
export function isMonthDue(
  life: EstablishmentLife,
  target: YearMonth,
  periods: readonly CollectionPeriod[] = WHOLE_YEAR,
): boolean {
  const opened = life.openingDate === null || life.openingDate <= dueIfOpenedBy(target);
  return opened && monthNeedsDeclaration(periods, target.year, target.month);
}
