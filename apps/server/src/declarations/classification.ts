import {
  type ClassificationRecord,
  type EstablishmentType,
  type Nature,
  type Stars,
  typeOfMonth,
  type YearMonth,
} from '@sejour/domain';
import type { Executor } from '../db/database';
import { type StoredClassification, typeOfTaxedMonth } from '../establishments';

/** A declaration view row's establishment, as these read it. */
export function storedOfView(row: {
  establishmentId: number;
  establishmentType: EstablishmentType | null;
  establishmentNature: Nature | null;
  establishmentStars: number | null;
  establishmentClassifiedOn: string | null;
}): StoredClassification {
  return {
    id: row.establishmentId,
    type: row.establishmentType,
    nature: row.establishmentNature,
    stars: row.establishmentStars,
    classifiedOn: row.establishmentClassifiedOn,
  };
}

/**
 * The grid row of a locked declaration's month: from the history read with the row when it was (the write
 * paths lock it with its pricings), else read now.
 */
export function typeOfLockedMonth(
  tx: Executor,
  row: Parameters<typeof storedOfView>[0] & { classifications: ClassificationRecord[] | null },
  target: YearMonth,
): Promise<EstablishmentType | null> | EstablishmentType | null {
  const stored = storedOfView(row);
  if (!row.classifications) return typeOfTaxedMonth(tx, stored, target);
  return typeOfMonth({ ...stored, stars: stored.stars as Stars | null }, row.classifications, target);
}
