import type { EstablishmentType } from '../establishments/types';
import { type NatureReading, readingOfType } from './natures';

/**
 * What the migration to natures does with today's establishments: every type stays as it is (and with it every
 * stored amount); an establishment whose type has one reading gets its nature and classification; the others
 * are listed, with the readings to choose among, for an admin to confirm.
 */
export interface MigrationPlan<Id> {
  /** Nature and classification written without asking. */
  filled: Array<{ id: Id; type: EstablishmentType } & NatureReading>;
  /** Listed for an admin: the type stays, the nature waits for a choice among `readings`. */
  toConfirm: Array<{ id: Id; type: EstablishmentType; readings: NatureReading[] }>;
  /** No type yet: nothing to read, the host or an admin enters the nature as they would have entered the type. */
  unset: Id[];
}

export function natureMigrationPlan<Id>(
  establishments: ReadonlyArray<{ id: Id; type: EstablishmentType | null }>,
): MigrationPlan<Id> {
  const plan: MigrationPlan<Id> = { filled: [], toConfirm: [], unset: [] };
  for (const { id, type } of establishments) {
    const reading = readingOfType(type);
    if (reading.kind === 'unset' || type === null) plan.unset.push(id);
    else if (reading.kind === 'single')
      plan.filled.push({ id, type, nature: reading.nature, stars: reading.stars });
    else plan.toConfirm.push({ id, type, readings: reading.readings });
  }
  return plan;
}
