import { describe, expect, it } from 'vitest';
import { MONTH_NAMES, MONTH_SHORT_NAMES, MONTHS } from '../calendar/months';
import { formatIsoDate, formatTimestamp, formatYesNo } from './display';
import { deFr, elidesDe, frPlural } from './french';

describe('deFr', () => {
  it('elides "de" before every month starting with a vowel, and only those', () => {
    const elided = MONTHS.filter((m) => elidesDe(MONTH_NAMES[m])).map((m) => MONTH_NAMES[m]);
    expect(elided).toEqual(['avril', 'août', 'octobre']);
    expect(deFr('octobre 2026')).toBe('d’octobre 2026');
    expect(deFr('août')).toBe('d’août');
    expect(deFr('mars')).toBe('de mars');
  });

  it('elides before a vowel of any case or accent, and a mute h, not an aspirated one', () => {
    expect(deFr('Élise Martin')).toBe('d’Élise Martin');
    expect(deFr('Yves')).toBe('d’Yves');
    expect(deFr('Hôtel du Lac')).toBe('d’Hôtel du Lac');
    expect(deFr('hébergement')).toBe('d’hébergement');
    expect(deFr('Hameau des Pins')).toBe('de Hameau des Pins');
    expect(deFr('Haut-Koenigsbourg')).toBe('de Haut-Koenigsbourg');
    expect(deFr('Bernard')).toBe('de Bernard');
    expect(deFr('')).toBe('de ');
  });
});

describe('month abbreviations', () => {
  it('are the ones Intl writes in French', () => {
    const intl = new Intl.DateTimeFormat('fr-FR', { month: 'short', timeZone: 'UTC' });
    for (const month of MONTHS) {
      expect(MONTH_SHORT_NAMES[month]).toBe(intl.format(new Date(Date.UTC(2026, month - 1, 15))));
    }
  });
});

describe('display formatters', () => {
  it('write booleans, calendar dates and instants in French', () => {
    expect(formatYesNo(true)).toBe('Oui');
    expect(formatYesNo(false)).toBe('Non');
    expect(formatIsoDate('2026-01-31')).toBe('31/01/2026');
    expect(formatTimestamp('2026-01-31T13:05:00.000Z')).toBe('31/01/2026 14:05');
    expect(formatTimestamp('2026-07-31T23:30:00Z')).toBe('01/08/2026 01:30');
    expect(formatTimestamp('nope')).toBe('');
  });
});

describe('frPlural', () => {
  it('takes the singular for 0 and 1, the plural from 2', () => {
    expect([0, 1, 1.5, 2, 20_000].map((n) => frPlural(n, 'séjour', 'séjours'))).toEqual([
      'séjour',
      'séjour',
      'séjour',
      'séjours',
      'séjours',
    ]);
  });
});
