import { describe, expect, it } from 'vitest';
import { establishmentPayloadSchema } from './schemas';

const base = { name: 'Gîte', userId: 3 };
const errors = (input: object) =>
  Object.fromEntries(
    establishmentPayloadSchema
      .safeParse({ ...base, ...input })
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [],
  );

describe('an establishment payload’s nature and classification', () => {
  it('are optional: a payload of today (type alone) reads as before', () => {
    const parsed = establishmentPayloadSchema.parse({ ...base, type: 'HOTEL_3' });
    expect(parsed).toMatchObject({ type: 'HOTEL_3' });
    expect(parsed.nature).toBeUndefined();
  });

  it('reads a select’s text: empty is none, "3" is three stars', () => {
    expect(establishmentPayloadSchema.parse({ ...base, nature: 'HOTEL', stars: '3' })).toMatchObject({
      nature: 'HOTEL',
      stars: 3,
    });
    expect(
      establishmentPayloadSchema.parse({ ...base, nature: '', stars: '', classifiedOn: '' }),
    ).toMatchObject({ nature: null, stars: null, classifiedOn: null });
  });

  it('refuses stars a nature cannot have, a date without stars, stars without a nature', () => {
    expect(errors({ nature: 'MARINA', stars: 2 })).toEqual({
      stars:
        'Un hébergement de nature « Port de plaisance » n’a pas de classement en étoiles : choisissez « non classé ».',
    });
    expect(Object.keys(errors({ nature: 'HOTEL', classifiedOn: '2024-01-01' }))).toEqual(['classifiedOn']);
    expect(Object.keys(errors({ stars: 4 }))).toEqual(['stars']);
  });

  it('accepts a type that is the nature’s row, refuses another on the type', () => {
    expect(errors({ nature: 'HOLIDAY_VILLAGE', stars: 4, type: 'HOTEL_2' })).toEqual({});
    expect(errors({ nature: 'HOLIDAY_VILLAGE', stars: 4, type: 'HOTEL_4' }).type).toContain(
      '« Village de vacances — 4 étoiles » relève de la ligne « Hôtels 2 étoiles et équivalents »',
    );
  });
});
