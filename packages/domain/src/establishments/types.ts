import { z } from 'zod';

/**
 * The nine establishment types of the legal grid (CGCT L2333-30), in rank order. The rank is the
 * row of the grid: 1 is the highest category. The order of this array *is* the rank, so it never drifts.
 */
export const ESTABLISHMENT_TYPES = [
  'PALACES',
  'HOTEL_5',
  'HOTEL_4',
  'HOTEL_3',
  'HOTEL_2',
  'HOTEL_1',
  'CAMPING_345',
  'CAMPING_12',
  'NONE',
] as const;

export const establishmentTypeSchema = z.enum(ESTABLISHMENT_TYPES);
export type EstablishmentType = z.infer<typeof establishmentTypeSchema>;

/** An establishment's type as stored and sent: `null` means "not specified" (an empty type). */
export const nullableEstablishmentTypeSchema = establishmentTypeSchema.nullable();
export type NullableEstablishmentType = z.infer<typeof nullableEstablishmentTypeSchema>;

/** The types with a fixed tariff per person and night; `NONE` pays a rate of the rent instead. */
export type ClassifiedEstablishmentType = Exclude<EstablishmentType, 'NONE'>;
export const CLASSIFIED_ESTABLISHMENT_TYPES = ESTABLISHMENT_TYPES.filter(
  (type): type is ClassifiedEstablishmentType => type !== 'NONE',
);

/**
 * Which types are "of the same nature" for the rule "a category's tariff may not exceed the tariff of a
 * higher category": hotels and the like (ranks 1–6) among themselves, campsites (7–8) between themselves.
 * `unclassified` (NONE) has a rate, not a tariff, and is compared with nothing.
 */
export type EstablishmentKind = 'hotel' | 'camping' | 'unclassified';

export interface EstablishmentTypeInfo {
  /** 1 (highest category) to 9. */
  rank: number;
  kind: EstablishmentKind;
  /** Short French label, for a select and for messages. The web shows it under `Establishment.Type`. */
  label: string;
  /** French help text: what the category covers. */
  covers: string;
}

/** One source of truth for the French wording of each type (the web reads its `Establishment.Type` texts here). */
export const establishmentTypeInfo: Readonly<Record<EstablishmentType, EstablishmentTypeInfo>> = {
  PALACES: { rank: 1, kind: 'hotel', label: 'Palaces', covers: 'Palaces.' },
  HOTEL_5: {
    rank: 2,
    kind: 'hotel',
    label: 'Hôtels 5 étoiles et équivalents',
    covers: 'Hôtels de tourisme, résidences de tourisme et meublés de tourisme classés 5 étoiles.',
  },
  HOTEL_4: {
    rank: 3,
    kind: 'hotel',
    label: 'Hôtels 4 étoiles et équivalents',
    covers: 'Hôtels de tourisme, résidences de tourisme et meublés de tourisme classés 4 étoiles.',
  },
  HOTEL_3: {
    rank: 4,
    kind: 'hotel',
    label: 'Hôtels 3 étoiles et équivalents',
    covers: 'Hôtels de tourisme, résidences de tourisme et meublés de tourisme classés 3 étoiles.',
  },
  HOTEL_2: {
    rank: 5,
    kind: 'hotel',
    label: 'Hôtels 2 étoiles et équivalents',
    covers:
      'Hôtels de tourisme, résidences de tourisme et meublés de tourisme classés 2 étoiles, villages de vacances classés 4 et 5 étoiles.',
  },
  HOTEL_1: {
    rank: 6,
    kind: 'hotel',
    label: 'Hôtels 1 étoile et équivalents',
    covers:
      'Hôtels de tourisme, résidences de tourisme et meublés de tourisme classés 1 étoile, villages de vacances classés 1, 2 et 3 étoiles, chambres d’hôtes, auberges collectives.',
  },
  CAMPING_345: {
    rank: 7,
    kind: 'camping',
    label: 'Campings 3, 4 et 5 étoiles et équivalents',
    covers:
      'Terrains de camping et de caravanage classés 3, 4 et 5 étoiles et tout autre terrain d’hébergement de plein air de caractéristiques équivalentes, emplacements dans des aires de camping-cars et des parcs de stationnement touristiques par tranche de 24 heures.',
  },
  CAMPING_12: {
    rank: 8,
    kind: 'camping',
    label: 'Campings 1 et 2 étoiles et équivalents',
    covers:
      'Terrains de camping et de caravanage classés 1 et 2 étoiles et tout autre terrain d’hébergement de plein air de caractéristiques équivalentes, ports de plaisance.',
  },
  NONE: {
    rank: 9,
    kind: 'unclassified',
    label: 'Hébergements non classés ou en attente de classement',
    covers:
      'Tout hébergement sans classement ou en attente de classement, à l’exception des hébergements de plein air (qui relèvent des tarifs des campings).',
  },
};

/** The types sorted by rank, highest category first: the order of a select and of a pricing table. */
export function establishmentTypesByRank(): EstablishmentType[] {
  return [...ESTABLISHMENT_TYPES].sort(
    (a, b) => establishmentTypeInfo[a].rank - establishmentTypeInfo[b].rank,
  );
}

export function establishmentTypeLabel(type: EstablishmentType): string {
  return establishmentTypeInfo[type].label;
}

export function isClassifiedType(type: EstablishmentType): type is ClassifiedEstablishmentType {
  return type !== 'NONE';
}
