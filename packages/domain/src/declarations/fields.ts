import type { EstablishmentType } from '../establishments/types';

/**
 * The figures a declaration holds, and which of them each regime asks the host for. The form shows these, the
 * amounts keep them (the others are stored as zero, or derived), and the history formats them: one list.
 */

/** Persons and person-nights, whole numbers. */
export const DECLARATION_COUNT_FIELDS = [
  'personCount',
  'nightsCount',
  'exemptedCount',
  'nightsCountInf',
  'nightsCountSup',
  'nightsCountInfMin',
  'nightsCountSupMin',
  'platformNightsCount',
] as const;
export type DeclarationCountField = (typeof DECLARATION_COUNT_FIELDS)[number];

/** Rents excluding tax, in cents: the bands of unclassified lets. */
export const DECLARATION_RENT_FIELDS = ['prixInf', 'prixSup', 'prixInfMin', 'prixSupMin'] as const;
export type DeclarationRentField = (typeof DECLARATION_RENT_FIELDS)[number];

export type DeclarationField = DeclarationCountField | DeclarationRentField;

/** The two rent bands of an unclassified let (below the table's threshold per night, at or above it). */
export const DECLARATION_BANDS = {
  Inf: {
    nights: 'nightsCountInf',
    exempted: 'nightsCountInfMin',
    rent: 'prixInf',
    exemptedRent: 'prixInfMin',
  },
  Sup: {
    nights: 'nightsCountSup',
    exempted: 'nightsCountSupMin',
    rent: 'prixSup',
    exemptedRent: 'prixSupMin',
  },
} as const satisfies Record<
  string,
  {
    nights: DeclarationCountField;
    exempted: DeclarationCountField;
    rent: DeclarationRentField;
    exemptedRent: DeclarationRentField;
  }
>;
export type DeclarationBand = keyof typeof DECLARATION_BANDS;

/** Classified types pay a tariff per person-night; NONE a rate of the rent, by band (the engine's regimes). */
export type DeclarationRegime = 'classified' | 'proportional';

export function declarationRegime(type: EstablishmentType): DeclarationRegime {
  return type === 'NONE' ? 'proportional' : 'classified';
}

export interface RegimeFields {
  counts: readonly DeclarationCountField[];
  rents: readonly DeclarationRentField[];
}

/**
 * What a declaration of each regime is typed with, in the form's order. Classified: its person-nights and their
 * exempted part; NONE: the two bands, whose sums are its `nightsCount` and `exemptedCount`. Both: the persons
 * arrived and the person-nights a collecting platform took.
 */
export const DECLARATION_FIELDS: Readonly<Record<DeclarationRegime, RegimeFields>> = {
  classified: {
    counts: ['personCount', 'nightsCount', 'exemptedCount', 'platformNightsCount'],
    rents: [],
  },
  proportional: {
    counts: [
      'nightsCountInf',
      'nightsCountInfMin',
      'nightsCountSup',
      'nightsCountSupMin',
      'personCount',
      'platformNightsCount',
    ],
    rents: ['prixInf', 'prixInfMin', 'prixSup', 'prixSupMin'],
  },
};

/** The fields a declaration of this type is typed with. */
export function declarationFieldsOf(type: EstablishmentType): RegimeFields {
  return DECLARATION_FIELDS[declarationRegime(type)];
}
