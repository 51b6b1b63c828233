import { type EstablishmentNature, type Month, type Regime, regimeOfMonth } from '@sejour/domain';
import type { Executor } from '../db/database';
import { createDeclarationsRepository } from './repository';

/**
 * The regime of each establishment's month of a year, from the deliberations in force that year: read once,
 * asked per establishment and month (au forfait, a month needs no declaration of nights).
 */
export function createRegimeCalendar(db: Executor) {
  return async function regimesOfYear(
    year: number,
  ): Promise<(establishment: EstablishmentNature, month: Month) => Regime> {
    const pricings = await createDeclarationsRepository(db).pricingsOfYear(year);
    return (establishment, month) => regimeOfMonth(pricings, establishment, year, month);
  };
}
