import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../errors';
import { ESTABLISHMENT_TYPES, type EstablishmentType, establishmentTypeInfo } from '../establishments/types';
import {
  classificationLapsesOn,
  classificationsOf,
  NATURE_READINGS,
  NATURES,
  type Nature,
  natureClassificationLabel,
  natureClassificationSchema,
  readingOfType,
  readingsOfType,
  SINGLE_READING_TYPES,
  type Stars,
  starsOnNight,
  typeOfNature,
} from './natures';

/**
 * The law's table written out row by row (CGCT L2333-30, R2333-44, and the domain reference's table), every
 * nature and classification it allows: the engine's derivation is checked against it, not against itself.
 */
const LAW: ReadonlyArray<[Nature, Stars | null, EstablishmentType]> = [
  ['PALACE', null, 'PALACES'],
  ['HOTEL', 5, 'HOTEL_5'],
  ['HOTEL', 4, 'HOTEL_4'],
  ['HOTEL', 3, 'HOTEL_3'],
  ['HOTEL', 2, 'HOTEL_2'],
  ['HOTEL', 1, 'HOTEL_1'],
  ['HOTEL', null, 'NONE'],
  ['TOURIST_RESIDENCE', 5, 'HOTEL_5'],
  ['TOURIST_RESIDENCE', 4, 'HOTEL_4'],
  ['TOURIST_RESIDENCE', 3, 'HOTEL_3'],
  ['TOURIST_RESIDENCE', 2, 'HOTEL_2'],
  ['TOURIST_RESIDENCE', 1, 'HOTEL_1'],
  ['TOURIST_RESIDENCE', null, 'NONE'],
  ['FURNISHED_LET', 5, 'HOTEL_5'],
  ['FURNISHED_LET', 4, 'HOTEL_4'],
  ['FURNISHED_LET', 3, 'HOTEL_3'],
  ['FURNISHED_LET', 2, 'HOTEL_2'],
  ['FURNISHED_LET', 1, 'HOTEL_1'],
  ['FURNISHED_LET', null, 'NONE'],
  ['HOLIDAY_VILLAGE', 5, 'HOTEL_2'],
  ['HOLIDAY_VILLAGE', 4, 'HOTEL_2'],
  ['HOLIDAY_VILLAGE', 3, 'HOTEL_1'],
  ['HOLIDAY_VILLAGE', 2, 'HOTEL_1'],
  ['HOLIDAY_VILLAGE', 1, 'HOTEL_1'],
  ['HOLIDAY_VILLAGE', null, 'NONE'],
  ['GUEST_ROOMS', null, 'HOTEL_1'],
  ['HOSTEL', null, 'HOTEL_1'],
  ['MOTORHOME_AREA', null, 'CAMPING_345'],
  ['CAMPSITE', 5, 'CAMPING_345'],
  ['CAMPSITE', 4, 'CAMPING_345'],
  ['CAMPSITE', 3, 'CAMPING_345'],
  ['CAMPSITE', 2, 'CAMPING_12'],
  ['CAMPSITE', 1, 'CAMPING_12'],
  ['CAMPSITE', null, 'CAMPING_12'],
  ['MARINA', null, 'CAMPING_12'],
  ['OTHER', null, 'NONE'],
];

describe('the grid row of a nature and classification', () => {
  it.each(LAW)('%s %s★ → %s', (nature, stars, type) => {
    expect(typeOfNature(nature, stars)).toBe(type);
  });

  it('lists exactly the readings of the law, each once', () => {
    const key = ({ nature, stars }: { nature: Nature; stars: Stars | null }) => `${nature}/${stars}`;
    expect(NATURE_READINGS.map(key).sort()).toEqual(
      LAW.map(([nature, stars]) => key({ nature, stars })).sort(),
    );
  });

  it('refuses a classification the nature cannot have', () => {
    for (const nature of ['PALACE', 'GUEST_ROOMS', 'HOSTEL', 'MOTORHOME_AREA', 'MARINA', 'OTHER'] as const) {
      expect(classificationsOf(nature)).toEqual([null]);
      expect(() => typeOfNature(nature, 3)).toThrow(RangeError);
    }
    expect(classificationsOf('FURNISHED_LET')).toEqual([5, 4, 3, 2, 1, null]);
  });

  it('never gives a lower row to more stars of the same nature', () => {
    const rank = (type: EstablishmentType) => establishmentTypeInfo[type].rank;
    fc.assert(
      fc.property(fc.constantFrom(...NATURES), fc.constantFrom<Stars>(1, 2, 3, 4), (nature, stars) => {
        fc.pre(classificationsOf(nature).includes(stars));
        expect(rank(typeOfNature(nature, (stars + 1) as Stars))).toBeLessThanOrEqual(
          rank(typeOfNature(nature, stars)),
        );
      }),
    );
  });

  it('puts an open-air ground in a campsite row whatever its classification, never in the proportional one', () => {
    for (const nature of ['CAMPSITE', 'MOTORHOME_AREA', 'MARINA'] as const) {
      for (const stars of classificationsOf(nature)) {
        expect(establishmentTypeInfo[typeOfNature(nature, stars)].kind).toBe('camping');
      }
    }
  });
});

describe('the natures a row may have come from', () => {
  it('reads every row back to the readings that give it', () => {
    for (const type of ESTABLISHMENT_TYPES) {
      const expected = LAW.filter(([, , row]) => row === type).map(([nature, stars]) => ({ nature, stars }));
      expect(readingsOfType(type)).toEqual(expect.arrayContaining(expected));
      expect(readingsOfType(type)).toHaveLength(expected.length);
    }
  });

  it('is the inverse of the derivation: every reading is among those of its row', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NATURE_READINGS), ({ nature, stars }) => {
        expect(readingsOfType(typeOfNature(nature, stars))).toContainEqual({ nature, stars });
      }),
    );
  });

  it('knows the nature of the palaces row only; lists the readings of the others', () => {
    expect(SINGLE_READING_TYPES).toEqual(['PALACES']);
    expect(readingOfType('PALACES')).toEqual({ kind: 'single', nature: 'PALACE', stars: null });
    expect(readingOfType(null)).toEqual({ kind: 'unset' });
    expect(readingOfType('HOTEL_3')).toEqual({
      kind: 'ambiguous',
      readings: [
        { nature: 'HOTEL', stars: 3 },
        { nature: 'TOURIST_RESIDENCE', stars: 3 },
        { nature: 'FURNISHED_LET', stars: 3 },
      ],
    });
    expect(readingOfType('NONE')).toEqual({
      kind: 'ambiguous',
      readings: [
        { nature: 'HOTEL', stars: null },
        { nature: 'TOURIST_RESIDENCE', stars: null },
        { nature: 'FURNISHED_LET', stars: null },
        { nature: 'HOLIDAY_VILLAGE', stars: null },
        { nature: 'OTHER', stars: null },
      ],
    });
  });
});

describe('labels and the schema', () => {
  it('says what a host knows', () => {
    expect(natureClassificationLabel('FURNISHED_LET', 3)).toBe('Meublé de tourisme — 3 étoiles');
    expect(natureClassificationLabel('HOTEL', 1)).toBe('Hôtel de tourisme — 1 étoile');
    expect(natureClassificationLabel('FURNISHED_LET', null)).toBe(
      'Meublé de tourisme — non classé ou en attente de classement',
    );
    expect(natureClassificationLabel('GUEST_ROOMS', null)).toBe('Chambre d’hôtes');
  });

  it('accepts a classified meublé with its decision date, an unclassified one without', () => {
    expect(
      natureClassificationSchema.parse({ nature: 'FURNISHED_LET', stars: 3, classifiedOn: '2024-05-02' }),
    ).toEqual({ nature: 'FURNISHED_LET', stars: 3, classifiedOn: '2024-05-02' });
    expect(natureClassificationSchema.parse({ nature: 'OTHER' })).toEqual({
      nature: 'OTHER',
      stars: null,
      classifiedOn: null,
    });
  });

  it('refuses an unknown nature, stars out of the scale, stars a nature cannot have, in French', () => {
    const errors = (input: unknown) => {
      const result = natureClassificationSchema.safeParse(input);
      return result.success ? {} : fieldErrorsFromIssues(result.error.issues);
    };
    expect(errors({ nature: 'CASTLE' })).toEqual({
      nature: 'Veuillez choisir une nature d’hébergement dans la liste.',
    });
    expect(errors({ nature: 'HOTEL', stars: 6 })).toEqual({
      stars: 'Veuillez choisir un classement de 1 à 5 étoiles, ou « non classé ».',
    });
    expect(errors({ nature: 'GUEST_ROOMS', stars: 3 })).toEqual({
      stars:
        'Un hébergement de nature « Chambre d’hôtes » n’a pas de classement en étoiles : choisissez « non classé ».',
    });
    expect(errors({ nature: 'HOTEL', stars: null, classifiedOn: '2024-05-02' })).toEqual({
      classifiedOn: 'Une date de décision de classement ne s’indique que pour un hébergement classé.',
    });
  });
});

describe('a classification decision holds five years', () => {
  it('lapses five years to the day after its decision; a 29 February rolls to 1 March', () => {
    expect(classificationLapsesOn('2021-03-15')).toBe('2026-03-15');
    expect(classificationLapsesOn('2024-02-29')).toBe('2029-03-01');
    const meuble = { stars: 3 as const, classifiedOn: '2021-03-15' };
    expect(starsOnNight(meuble, '2026-03-14')).toBe(3);
    expect(starsOnNight(meuble, '2026-03-15')).toBeNull();
    expect(typeOfNature('FURNISHED_LET', starsOnNight(meuble, '2026-03-15'))).toBe('NONE');
    expect(starsOnNight(meuble, '2021-03-14')).toBeNull(); // not classified yet
    expect(starsOnNight({ stars: 4, classifiedOn: null }, '2040-01-01')).toBe(4);
  });
});
