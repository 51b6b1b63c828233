import { describe, expect, it } from 'vitest';
import { collectivityInSentence, collectivitySubject } from './collectivity-name';

describe('a collectivity’s name in a sentence', () => {
  it('takes its article when it starts with a common noun', () => {
    expect(collectivitySubject('Communauté de communes')).toBe('La Communauté de communes');
    expect(collectivitySubject('Communauté de communes du Saulnois')).toBe(
      'La Communauté de communes du Saulnois',
    );
    expect(collectivitySubject('Syndicat mixte du Lac')).toBe('Le Syndicat mixte du Lac');
    expect(collectivitySubject('Agglomération de Sarreguemines')).toBe('L’Agglomération de Sarreguemines');
    expect(collectivitySubject('Office de tourisme')).toBe('L’Office de tourisme');
    expect(collectivityInSentence('Communauté de communes du Saulnois')).toBe(
      'la Communauté de communes du Saulnois',
    );
    expect(collectivityInSentence('Établissement public territorial')).toBe(
      'l’Établissement public territorial',
    );
  });

  it('stays as written when it is a proper noun or already has its article', () => {
    expect(collectivitySubject('Metz Métropole')).toBe('Metz Métropole');
    expect(collectivitySubject('La Communauté de communes du Saulnois')).toBe(
      'La Communauté de communes du Saulnois',
    );
    expect(collectivityInSentence('Metz Métropole')).toBe('Metz Métropole');
    expect(collectivityInSentence('Le Pays Messin')).toBe('le Pays Messin');
  });
});
