import type { EstablishmentType, Nature } from '@sejour/domain';
import type { StoredClassification } from '../establishments';

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
