import { z } from 'zod';
import { type IsoDate, isoDateSchema } from '../calendar/dates';
import { ESTABLISHMENT_TYPES, type EstablishmentType } from '../establishments/types';

/**
 * What an accommodation is in the law's words (CGCT L2333-30, R2333-44): its nature, and for the natures that
 * are classified by stars, its classification. The grid row a stay is taxed with (the establishment `type`) is
 * derived from both, never chosen: a host knows "meublé de tourisme, 3 étoiles", not "HOTEL_3".
 */
export const NATURES = [
  'PALACE',
  'HOTEL',
  'TOURIST_RESIDENCE',
  'FURNISHED_LET',
  'HOLIDAY_VILLAGE',
  'GUEST_ROOMS',
  'HOSTEL',
  'MOTORHOME_AREA',
  'CAMPSITE',
  'MARINA',
  'OTHER',
] as const;
export type Nature = (typeof NATURES)[number];

/** Stars of a classification decision; `null` is "unclassified or awaiting classification". */
export const STARS = [1, 2, 3, 4, 5] as const;
export type Stars = (typeof STARS)[number];

export interface NatureInfo {
  /** French label, as a select lists it. */
  label: string;
  /** The stars a classification decision may give this nature; empty when the nature has no star scheme. */
  stars: readonly Stars[];
  /** Motorhome areas and tourist car parks are taxed per slice of 24 hours, not per night. */
  per24Hours: boolean;
}

const ALL_STARS = STARS;
const NO_STARS: readonly Stars[] = [];

/**
 * One source of truth for each nature's wording and classification scheme. Palaces hold a distinction, not
 * stars; guest rooms, hostels, motorhome areas and marinas have no official classification at all.
 */
export const natureInfo: Readonly<Record<Nature, NatureInfo>> = {
  PALACE: { label: 'Palace', stars: NO_STARS, per24Hours: false },
  HOTEL: { label: 'Hôtel de tourisme', stars: ALL_STARS, per24Hours: false },
  TOURIST_RESIDENCE: { label: 'Résidence de tourisme', stars: ALL_STARS, per24Hours: false },
  FURNISHED_LET: { label: 'Meublé de tourisme', stars: ALL_STARS, per24Hours: false },
  HOLIDAY_VILLAGE: { label: 'Village de vacances', stars: ALL_STARS, per24Hours: false },
  GUEST_ROOMS: { label: 'Chambre d’hôtes', stars: NO_STARS, per24Hours: false },
  HOSTEL: { label: 'Auberge collective', stars: NO_STARS, per24Hours: false },
  MOTORHOME_AREA: {
    label: 'Aire de camping-cars ou parc de stationnement touristique',
    stars: NO_STARS,
    per24Hours: true,
  },
  CAMPSITE: {
    label: 'Terrain de camping ou de caravanage (ou hébergement de plein air équivalent)',
    stars: ALL_STARS,
    per24Hours: false,
  },
  MARINA: { label: 'Port de plaisance', stars: NO_STARS, per24Hours: false },
  OTHER: { label: 'Autre hébergement', stars: NO_STARS, per24Hours: false },
};

/** The classifications a nature may have: its stars, and always "none" (unclassified, awaiting, or no scheme). */
export function classificationsOf(nature: Nature): Array<Stars | null> {
  return [...[...natureInfo[nature].stars].reverse(), null];
}

export function isClassificationAllowed(nature: Nature, stars: Stars | null): boolean {
  return stars === null || natureInfo[nature].stars.includes(stars);
}

export function starsLabel(stars: Stars): string {
  return stars === 1 ? '1 étoile' : `${stars} étoiles`;
}

/** "Meublé de tourisme — 3 étoiles", "Meublé de tourisme — non classé ou en attente de classement", "Palace". */
export function natureClassificationLabel(nature: Nature, stars: Stars | null): string {
  const { label, stars: scheme } = natureInfo[nature];
  if (stars !== null) return `${label} — ${starsLabel(stars)}`;
  return scheme.length > 0 ? `${label} — non classé ou en attente de classement` : label;
}

/**
 * The law's table: the grid row of a nature and classification (L2333-30 as R2333-44 words its rows).
 * - Hotels, tourist residences and furnished lets take the row of their stars; unclassified, the proportional
 *   regime (NONE).
 * - Holiday villages 4–5★ → the 2★ row, 1–3★ → the 1★ row; unclassified, the proportional regime.
 * - Guest rooms and hostels → the 1★ row, whatever they are.
 * - Campsites 3–5★ and motorhome areas (per 24 h) → the campsites 3–5★ row; campsites 1–2★, unclassified ones
 *   and marinas → the campsites 1–2★ row (open-air accommodation never falls in the proportional regime).
 * - Palaces → the palaces row; any other accommodation → the proportional regime.
 * Throws on a classification the nature cannot have: callers validate first (`natureClassificationSchema`).
 */
export function typeOfNature(nature: Nature, stars: Stars | null): EstablishmentType {
  if (!isClassificationAllowed(nature, stars)) {
    throw new RangeError(`${nature} cannot be classified ${stars} stars`);
  }
  switch (nature) {
    case 'PALACE':
      return 'PALACES';
    case 'HOTEL':
    case 'TOURIST_RESIDENCE':
    case 'FURNISHED_LET':
      return stars === null ? 'NONE' : (`HOTEL_${stars}` as const);
    case 'HOLIDAY_VILLAGE':
      if (stars === null) return 'NONE';
      return stars >= 4 ? 'HOTEL_2' : 'HOTEL_1';
    case 'GUEST_ROOMS':
    case 'HOSTEL':
      return 'HOTEL_1';
    case 'MOTORHOME_AREA':
      return 'CAMPING_345';
    case 'CAMPSITE':
      return stars !== null && stars >= 3 ? 'CAMPING_345' : 'CAMPING_12';
    case 'MARINA':
      return 'CAMPING_12';
    case 'OTHER':
      return 'NONE';
  }
}

export interface NatureReading {
  nature: Nature;
  stars: Stars | null;
}

/** Every nature and classification the law allows, natures in their order, stars from the highest. */
export const NATURE_READINGS: readonly NatureReading[] = NATURES.flatMap((nature) =>
  classificationsOf(nature).map((stars) => ({ nature, stars })),
);

/** The natures and classifications a grid row may have come from, in `NATURE_READINGS` order. */
export function readingsOfType(type: EstablishmentType): NatureReading[] {
  return NATURE_READINGS.filter(({ nature, stars }) => typeOfNature(nature, stars) === type);
}

/**
 * What a migration can say of an establishment from its type alone: nothing when it has none, its nature and
 * classification when the type has one reading (only the palaces row), otherwise the readings an admin chooses
 * among (HOTEL_3 is a hotel, a tourist residence or a furnished let classified 3 stars).
 */
export type TypeReading =
  | { kind: 'unset' }
  | ({ kind: 'single' } & NatureReading)
  | { kind: 'ambiguous'; readings: NatureReading[] };

export function readingOfType(type: EstablishmentType | null): TypeReading {
  if (type === null) return { kind: 'unset' };
  const readings = readingsOfType(type);
  const only = readings.length === 1 ? readings[0] : undefined;
  return only ? { kind: 'single', ...only } : { kind: 'ambiguous', readings };
}

/** The types whose reading is certain: what a migration fills without asking. */
export const SINGLE_READING_TYPES: readonly EstablishmentType[] = ESTABLISHMENT_TYPES.filter(
  (type) => readingsOfType(type).length === 1,
);

/** A classification decision holds five years (Code du tourisme), then the accommodation is unclassified. */
export const CLASSIFICATION_YEARS = 5;

/** The first day a classification decided on `classifiedOn` no longer holds (a 29 February rolls to 1 March). */
export function classificationLapsesOn(classifiedOn: IsoDate): IsoDate {
  const [year, month, day] = classifiedOn.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + CLASSIFICATION_YEARS, month - 1, day)).toISOString().slice(0, 10);
}

/**
 * The stars in force on a night: none once the decision has lapsed. A classification without a known decision
 * date is taken as in force (the migration cannot know the dates; the admin confirms them).
 */
export function starsOnNight(
  value: { stars: Stars | null; classifiedOn: IsoDate | null },
  night: IsoDate,
): Stars | null {
  if (value.stars === null || value.classifiedOn === null) return value.stars;
  return night >= value.classifiedOn && night < classificationLapsesOn(value.classifiedOn)
    ? value.stars
    : null;
}

export const natureMessages = {
  nature: () => 'Veuillez choisir une nature d’hébergement dans la liste.',
  stars: () => 'Veuillez choisir un classement de 1 à 5 étoiles, ou « non classé ».',
  starsNotAllowed: (nature: Nature) =>
    `Un hébergement de nature « ${natureInfo[nature].label} » n’a pas de classement en étoiles : choisissez « non classé ».`,
  decisionDateWithoutStars: () =>
    'Une date de décision de classement ne s’indique que pour un hébergement classé.',
} as const;

export const natureSchema = z.enum(NATURES, { error: natureMessages.nature() });
export const starsSchema = z.literal(STARS, { error: natureMessages.stars() });

/**
 * An establishment's nature and classification as typed: `stars` null is unclassified or awaiting
 * classification; `classifiedOn` is the date of the classification decision, when known (a decision holds five
 * years). A classification the nature cannot have is refused on `stars`.
 */
export const natureClassificationSchema = z
  .object({
    nature: natureSchema,
    stars: starsSchema.nullable().default(null),
    classifiedOn: isoDateSchema.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (!isClassificationAllowed(value.nature, value.stars)) {
      ctx.addIssue({
        code: 'custom',
        path: ['stars'],
        message: natureMessages.starsNotAllowed(value.nature),
      });
    }
    if (value.stars === null && value.classifiedOn !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['classifiedOn'],
        message: natureMessages.decisionDateWithoutStars(),
      });
    }
  });
export type NatureClassification = z.output<typeof natureClassificationSchema>;
export type NatureClassificationInput = z.input<typeof natureClassificationSchema>;
