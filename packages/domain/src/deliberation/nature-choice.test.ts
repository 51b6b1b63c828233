import { describe, expect, it } from 'vitest';
import { gridRowLabel, gridRowOf, natureSuggestions, starsOf, starsSuggestions } from './nature-choice';

describe('choosing a nature and classification', () => {
  it('a furnished let 3 stars gives the row of 3-star hotels', () => {
    const row = gridRowOf('FURNISHED_LET', '3');
    expect(row).toBe('HOTEL_3');
    expect(row && gridRowLabel(row)).toBe('Hôtels 3 étoiles et équivalents');
  });

  it('guest rooms have no stars to choose, and give the 1-star row', () => {
    expect(starsSuggestions('GUEST_ROOMS', 'Non classé')).toEqual([]);
    expect(gridRowOf('GUEST_ROOMS', '')).toBe('HOTEL_1');
  });

  it('a classified nature offers its stars from the highest, then unclassified', () => {
    expect(starsSuggestions('HOTEL', 'Non classé').map((s) => s.value)).toEqual([
      '5',
      '4',
      '3',
      '2',
      '1',
      '',
    ]);
    expect(gridRowOf('HOTEL', '')).toBe('NONE');
  });

  it('no row without a nature, nor for stars the nature cannot have', () => {
    expect(gridRowOf('', '3')).toBeNull();
    expect(gridRowOf('MARINA', '3')).toBeNull();
    expect(starsOf('')).toBeNull();
    expect(starsOf(4)).toBe(4);
    expect(natureSuggestions('Non précisée')[0]).toEqual({ value: '', text: 'Non précisée' });
  });
});
