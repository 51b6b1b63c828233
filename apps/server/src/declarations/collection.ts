import { type CollectionPeriod, collectionPeriodsOfMonth, type Month } from '@sejour/domain';
import type { Executor } from '../db/database';
import { createDeclarationsRepository } from './repository';

/**
 * The collection periods of each month of a year, from the deliberations in force that year: read once, asked
 * month by month (a month of no deliberation is collected all through, as a whole-year deliberation).
 */
export function createCollectionCalendar(db: Executor) {
  return async function periodsOfYear(year: number): Promise<(month: Month) => readonly CollectionPeriod[]> {
    const pricings = await createDeclarationsRepository(db).pricingsOfYear(year);
    return (month) => collectionPeriodsOfMonth(pricings, year, month);
  };
}
