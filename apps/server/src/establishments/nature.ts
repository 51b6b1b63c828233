import {
  type EstablishmentPayload,
  type EstablishmentType,
  type Nature,
  natureClassificationLabel,
  readingOfType,
  type Stars,
  typeOfNature,
} from '@sejour/domain';
import type { EstablishmentRow } from '../db/schema';

/** The columns that say what an establishment is: the grid row and, when known, the nature behind it. */
export interface NatureColumns {
  type: EstablishmentType | null;
  nature: Nature | null;
  stars: Stars | null;
  classifiedOn: string | null;
}

type Stored = Pick<EstablishmentRow, 'type' | 'nature' | 'stars' | 'classifiedOn'>;

/**
 * What a payload stores (its fields checked by `establishmentPayloadSchema`):
 * - a nature given decides the type (`typeOfNature`), with its classification;
 * - without one, the type sent is kept as today, and with it the stored nature while the type is still the
 *   one that nature gives (an older client saving other fields loses nothing); a type whose only reading is
 *   certain (palaces) gets its nature; any other type leaves the nature to confirm (`null`).
 */
export function natureColumnsOf(
  payload: Pick<EstablishmentPayload, 'type' | 'nature' | 'stars' | 'classifiedOn'>,
  stored?: Stored,
): NatureColumns {
  if (payload.nature) {
    const stars = payload.stars ?? null;
    return {
      type: typeOfNature(payload.nature, stars),
      nature: payload.nature,
      stars,
      classifiedOn: payload.classifiedOn ?? null,
    };
  }
  if (stored?.nature && stored.type === payload.type) {
    return {
      type: stored.type,
      nature: stored.nature,
      stars: stored.stars as Stars | null,
      classifiedOn: stored.classifiedOn,
    };
  }
  const reading = readingOfType(payload.type);
  return reading.kind === 'single'
    ? { type: payload.type, nature: reading.nature, stars: reading.stars, classifiedOn: null }
    : { type: payload.type, nature: null, stars: null, classifiedOn: null };
}

/** The stored nature's label ("Meublé de tourisme — 3 étoiles"), `null` without a nature. */
export function natureLabelOf(row: Pick<EstablishmentRow, 'nature' | 'stars'>): string | null {
  return row.nature ? natureClassificationLabel(row.nature, row.stars as Stars | null) : null;
}
