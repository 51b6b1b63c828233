import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ESTABLISHMENT_TYPES, type EstablishmentType } from '../establishments/types';
import { natureMigrationPlan } from './migration';
import { typeOfNature } from './natures';

describe('the migration to natures', () => {
  it('fills the palaces, lists the ambiguous types with their readings, leaves the untyped aside', () => {
    const plan = natureMigrationPlan([
      { id: 1, type: 'PALACES' },
      { id: 2, type: 'HOTEL_3' },
      { id: 3, type: null },
      { id: 4, type: 'CAMPING_345' },
    ]);
    expect(plan.filled).toEqual([{ id: 1, type: 'PALACES', nature: 'PALACE', stars: null }]);
    expect(plan.toConfirm.map(({ id, type }) => [id, type])).toEqual([
      [2, 'HOTEL_3'],
      [4, 'CAMPING_345'],
    ]);
    expect(plan.toConfirm[1]?.readings).toEqual([
      { nature: 'MOTORHOME_AREA', stars: null },
      { nature: 'CAMPSITE', stars: 5 },
      { nature: 'CAMPSITE', stars: 4 },
      { nature: 'CAMPSITE', stars: 3 },
    ]);
    expect(plan.unset).toEqual([3]);
  });

  it('keeps every establishment once, and never a reading that would change its type', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constantFrom<EstablishmentType>(...ESTABLISHMENT_TYPES)), { maxLength: 40 }),
        (types) => {
          const establishments = types.map((type, id) => ({ id, type }));
          const plan = natureMigrationPlan(establishments);
          const ids = [
            ...plan.filled.map(({ id }) => id),
            ...plan.toConfirm.map(({ id }) => id),
            ...plan.unset,
          ];
          expect(ids.sort((a, b) => a - b)).toEqual(establishments.map(({ id }) => id));
          for (const { id, type, nature, stars } of plan.filled) {
            expect(type).toBe(types[id]);
            expect(typeOfNature(nature, stars)).toBe(type);
          }
          for (const { id, type, readings } of plan.toConfirm) {
            expect(type).toBe(types[id]);
            expect(readings.length).toBeGreaterThan(1);
            for (const { nature, stars } of readings) expect(typeOfNature(nature, stars)).toBe(type);
          }
        },
      ),
    );
  });
});
