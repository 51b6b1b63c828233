import { describe, expect, it } from 'vitest';
import { isForfaitChoice, rowOfChoice } from './natureRow';

describe('a nature and classification chosen in a simulator', () => {
  const forfait = { natures: ['CAMPSITE' as const, 'FURNISHED_LET' as const] };

  it('is au forfait when the deliberation votes its nature so and it has a tariff row', () => {
    expect(isForfaitChoice({ nature: 'CAMPSITE', stars: '' }, forfait)).toBe(true);
    expect(isForfaitChoice({ nature: 'FURNISHED_LET', stars: '3' }, forfait)).toBe(true);
  });

  it('stays au réel for another nature, an unclassified furnished let, or no nature chosen', () => {
    expect(isForfaitChoice({ nature: 'HOTEL', stars: '3' }, forfait)).toBe(false);
    expect(isForfaitChoice({ nature: 'FURNISHED_LET', stars: '' }, forfait)).toBe(false);
    expect(isForfaitChoice({ nature: '', stars: '' }, forfait)).toBe(false);
    expect(isForfaitChoice({ nature: 'CAMPSITE', stars: '' }, { natures: [] })).toBe(false);
  });

  it('gives the row the law’s table gives', () => {
    expect(rowOfChoice({ nature: 'CAMPSITE', stars: '' })).toBe('CAMPING_12');
    expect(rowOfChoice({ nature: 'HOTEL', stars: '4' })).toBe('HOTEL_4');
  });
});
