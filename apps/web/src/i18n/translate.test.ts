import { describe, expect, it } from 'vitest';
import { addTexts, featureTexts, hasText, t, textAt, translate, translatorFor, useTranslation } from '.';

addTexts('sample', {
  title: 'Liste',
  list: { subtitle: '{{count}} ligne', page: 'Page {{ page }} sur {{total}}' },
  rows_one: '{{count}} ligne',
  rows_other: '{{count}} lignes',
  only: 'Sans pluriel ({{count}})',
});

describe('the translation layer', () => {
  it('reads nested keys of a namespace, and keys with another namespace', () => {
    expect(translate('sample', 'title')).toBe('Liste');
    expect(translate('common', 'sample:list.subtitle', { count: 3 })).toBe('3 ligne');
    expect(t('sample:title')).toBe('Liste');
  });

  it('fills placeholders, spaces allowed, and leaves nothing for a value not given', () => {
    expect(translate('sample', 'list.page', { page: 2, total: 9 })).toBe('Page 2 sur 9');
    expect(translate('sample', 'list.page', { page: 2 })).toBe('Page 2 sur ');
  });

  it('picks the French plural form: one for 0 and 1, other from 2', () => {
    expect(translate('sample', 'rows', { count: 0 })).toBe('0 ligne');
    expect(translate('sample', 'rows', { count: 1 })).toBe('1 ligne');
    expect(translate('sample', 'rows', { count: 2 })).toBe('2 lignes');
    // French's "many" (a million and more) falls back on the other form.
    expect(translate('sample', 'rows', { count: 1_000_000 })).toBe('1000000 lignes');
    expect(translate('sample', 'only', { count: 4 })).toBe('Sans pluriel (4)');
  });

  it('shows a missing text as its default value, else as its key without namespace', () => {
    expect(translate('sample', 'nothing.here', { defaultValue: '…' })).toBe('…');
    expect(translate('sample', 'nothing.here')).toBe('nothing.here');
    expect(t('sample:list')).toBe('list');
  });

  it('merges a namespace registered twice, the later text winning', () => {
    addTexts('merged', { nav: { title: 'Menu' }, keep: 'Gardé' });
    addTexts('merged', { nav: { subtitle: 'Sous-titre' }, keep: 'Remplacé' });
    expect(textAt('merged', 'nav.title')).toBe('Menu');
    expect(textAt('merged', 'nav.subtitle')).toBe('Sous-titre');
    expect(textAt('merged', 'keep')).toBe('Remplacé');
    expect(hasText('merged:nav.title')).toBe(true);
    expect(hasText('merged:nav')).toBe(false);
  });

  it('loads the shared namespaces with the module, and gives one stable reader per namespace', () => {
    expect(hasText('ui:toast.close')).toBe(true);
    expect(translatorFor('sample')).toBe(translatorFor('sample'));
    expect(useTranslation().t).toBe(t);
  });

  it("registers a feature's texts at once and gives the hook that reads them", () => {
    expect(hasText('feature:title')).toBe(false);
    const useFeatureTexts = featureTexts('feature', { title: 'Titre', count_other: '{{count}} lignes' });
    expect(hasText('feature:title')).toBe(true);
    expect(useFeatureTexts().t('count', { count: 3 })).toBe('3 lignes');
    expect(useFeatureTexts().t).toBe(translatorFor('feature'));
  });
});
