import {
  type CapacityUnit,
  type IsoDate,
  type Month,
  NOTHING_DECLARED,
  type OpeningPeriod,
} from '@sejour/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { type DeclarationTariffsCopy, declarations } from '../db/schema';
import type { DeclarationRow } from './repository';

/** A forfait declaration as computed: the host's figures, the rule and abatement used, the amounts. */
export interface ForfaitValues {
  periodStart: IsoDate;
  periodEnd: IsoDate;
  openingPeriods: OpeningPeriod[];
  capacity: number;
  capacityUnit: CapacityUnit;
  personsPerUnit: number;
  openNights: number;
  abatementRate: number;
  ccAmount: number;
  moselleAmount: number;
  ileDeFranceAmount: number;
  idfMobilitesAmount: number;
  railwayLineAmount: number;
  totalAmount: number;
  pricingId: number;
  tariffs: DeclarationTariffsCopy;
}

/** Au forfait nobody declares nights: every person-night column stays at zero, no reason is recorded. */
const NO_NIGHTS = {
  ...NOTHING_DECLARED,
  taxableNights: 0,
  exemptedMinor: null,
  exemptedSeasonalWorker: null,
  exemptedEmergencyRehousing: null,
  exemptedLowRent: null,
};
function rowValues(values: ForfaitValues) {
  return { ...NO_NIGHTS, ...values, regime: 'FORFAIT' as const };
}

export async function insertForfait(
  db: Executor,
  target: { establishmentId: number; userId: number; year: number; month: Month; values: ForfaitValues },
): Promise<number> {
  const { values, ...key } = target;
  const [row] = await db
    .insert(declarations)
    .values({ ...key, ...rowValues(values) })
    .returning({ id: declarations.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Answers the row as written: with the establishment and file it had, it is the new view. `doneAt`: marked done
 * then (the service's clock: whether it was on time depends on that day).
 */
export async function writeForfait(
  db: Executor,
  id: number,
  values: ForfaitValues,
  doneAt?: Date,
): Promise<DeclarationRow> {
  const [row] = await db
    .update(declarations)
    .set({
      ...rowValues(values),
      ...(doneAt === undefined ? {} : { done: true, doneAt }),
      updatedAt: doneAt ?? new Date(),
    })
    .where(eq(declarations.id, id))
    .returning();
  if (!row) throw new Error('update found no row');
  return row;
}
