import { describe, expect, it } from 'vitest';
import {
  CLASSIFIED_ESTABLISHMENT_TYPES,
  ESTABLISHMENT_TYPES,
  establishmentTypeInfo,
  establishmentTypeSchema,
  establishmentTypesByRank,
  nullableEstablishmentTypeSchema,
} from './types';

describe('establishment types', () => {
  it('lists the nine types by rank 1..9', () => {
    expect(establishmentTypesByRank()).toEqual([
      'PALACES',
      'HOTEL_5',
      'HOTEL_4',
      'HOTEL_3',
      'HOTEL_2',
      'HOTEL_1',
      'CAMPING_345',
      'CAMPING_12',
      'NONE',
    ]);
    expect(establishmentTypesByRank().map((type) => establishmentTypeInfo[type].rank)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('has a French label and help text for every type', () => {
    expect(establishmentTypeInfo.PALACES.label).toBe('Palaces');
    expect(establishmentTypeInfo.HOTEL_5.label).toBe('Hôtels 5 étoiles et équivalents');
    expect(establishmentTypeInfo.NONE.label).toBe('Hébergements non classés ou en attente de classement');
    expect(establishmentTypeInfo.HOTEL_1.covers).toContain('chambres d’hôtes');
    expect(establishmentTypeInfo.CAMPING_12.covers).toContain('ports de plaisance');
    for (const type of ESTABLISHMENT_TYPES)
      expect(establishmentTypeInfo[type].covers.length).toBeGreaterThan(5);
  });

  it('groups hotels (1–6) and campsites (7–8) for the category order', () => {
    expect(CLASSIFIED_ESTABLISHMENT_TYPES.filter((t) => establishmentTypeInfo[t].kind === 'camping')).toEqual(
      ['CAMPING_345', 'CAMPING_12'],
    );
    expect(CLASSIFIED_ESTABLISHMENT_TYPES).not.toContain('NONE');
  });

  it('accepts null as "not specified" and refuses unknown values', () => {
    expect(nullableEstablishmentTypeSchema.parse(null)).toBeNull();
    expect(establishmentTypeSchema.safeParse('HOTEL_6').success).toBe(false);
    expect(establishmentTypeSchema.safeParse(null).success).toBe(false);
  });
});
