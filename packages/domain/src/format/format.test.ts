import { describe, expect, it } from 'vitest';
import { MONTH_NAMES, MONTH_SHORT_NAMES, MONTHS } from '../calendar/months';
import {
  DISPLAY_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatTimestamp,
  formatYesNo,
} from './display';
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
    expect(formatDate('2026-01-31')).toBe('31/01/2026');
    expect(formatTimestamp('2026-01-31T13:05:00.000Z')).toBe('31/01/2026 14:05');
    expect(formatTimestamp('2026-07-31T23:30:00Z')).toBe('01/08/2026 01:30');
    expect(formatTimestamp('nope')).toBe('');
  });

  it('write a calendar date as written, and an instant as the day it is in the time zone asked', () => {
    expect(formatDate('2026-01-31', 'Pacific/Kiritimati')).toBe('31/01/2026');
    expect(formatDate('2026-07-31T23:30:00Z', 'UTC')).toBe('31/07/2026');
    expect(formatDate('2026-07-31T23:30:00Z', DISPLAY_TIME_ZONE)).toBe('01/08/2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 5, 12)), 'UTC')).toBe('05/01/2026');
    expect(formatDateTime('2026-03-01T00:07:00Z', 'UTC')).toBe('01/03/2026 00:07');
    expect(formatDate('2026-02-30x')).toBe('');
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
  });

  it('write an instant without a time zone in the runtime own, as its clock reads it', () => {
    const pad = (n: number) => String(n).padStart(2, '0');
    for (const instant of ['2026-01-31T23:59:00Z', '2026-06-15T00:00:00Z', '1999-12-31T12:30:00Z']) {
      const date = new Date(instant);
      const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
      expect(formatDate(date)).toBe(day);
      expect(formatDate(instant)).toBe(day);
      expect(formatDateTime(date)).toBe(`${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`);
    }
  });

  it('write a calendar date in words', () => {
    expect(formatLongDate('2026-01-01')).toBe('1 janvier 2026');
    expect(formatLongDate('2026-08-31')).toBe('31 août 2026');
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
