import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  firstDayOfMonth,
  isoDateSchema,
  lastDayOfMonth,
  periodCoversMonth,
  periodsOverlap,
  yearsOfPeriod,
} from './dates';
import {
  deMonth,
  MONTHS,
  monthName,
  monthSchema,
  monthsOfSemester,
  semesterLabel,
  semesterOfMonth,
} from './months';

describe('months and semesters', () => {
  it('elides "de" before a month starting with a vowel', () => {
    expect(deMonth(3)).toBe('de mars');
    expect(deMonth(4)).toBe('d’avril');
    expect(deMonth(8)).toBe('d’août');
    expect(deMonth(10)).toBe('d’octobre');
    expect(MONTHS.filter((m) => deMonth(m).startsWith('d’'))).toEqual([4, 8, 10]);
  });

  it('names the months in French', () => {
    expect(MONTHS.map(monthName)).toEqual([
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ]);
  });

  it('splits the year into two semesters', () => {
    expect(monthsOfSemester(1)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(monthsOfSemester(2)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(semesterOfMonth(6)).toBe(1);
    expect(semesterOfMonth(7)).toBe(2);
    expect(semesterLabel(2)).toBe('2e semestre (juillet – décembre)');
    for (const month of MONTHS) expect(monthsOfSemester(semesterOfMonth(month))).toContain(month);
  });

  it('validates a month with the form engine messages', () => {
    expect(monthSchema.parse(12)).toBe(12);
    expect(monthSchema.safeParse(13).error?.issues[0]?.message).toBe(
      'Veuillez sélectionner une valeur inférieure ou égale à 12.',
    );
    expect(monthSchema.safeParse(0).error?.issues[0]?.message).toBe(
      'Veuillez sélectionner une valeur supérieure ou égale à 1.',
    );
    expect(monthSchema.safeParse(1.5).error?.issues[0]?.message).toBe(
      'Veuillez choisir une valeur numérique valide.',
    );
  });
});

describe('ISO dates and periods', () => {
  it('gives the first and last day of a month, leap years included', () => {
    expect(firstDayOfMonth(2026, 3)).toBe('2026-03-01');
    expect(lastDayOfMonth(2026, 2)).toBe('2026-02-28');
    expect(lastDayOfMonth(2024, 2)).toBe('2024-02-29');
    expect(lastDayOfMonth(2100, 2)).toBe('2100-02-28');
    expect(lastDayOfMonth(2000, 2)).toBe('2000-02-29');
    expect(lastDayOfMonth(2026, 4)).toBe('2026-04-30');
    expect(lastDayOfMonth(2026, 12)).toBe('2026-12-31');
    expect(daysInMonth(2026, 7)).toBe(31);
  });

  it('accepts only real calendar dates', () => {
    expect(isoDateSchema.safeParse('2026-02-28').success).toBe(true);
    expect(isoDateSchema.safeParse('2026-02-30').success).toBe(false);
    expect(isoDateSchema.safeParse('28/02/2026').error?.issues[0]?.message).toBe(
      'Veuillez saisir une date valide (aaaa-mm-jj).',
    );
  });

  it('says a period covers a month only when it contains every day of it', () => {
    const year2026 = { beginDate: '2026-01-01', endDate: '2026-12-31' };
    expect(periodCoversMonth(year2026, 2026, 1)).toBe(true);
    expect(periodCoversMonth(year2026, 2026, 12)).toBe(true);
    expect(periodCoversMonth(year2026, 2025, 12)).toBe(false);
    expect(periodCoversMonth({ beginDate: '2026-02-01', endDate: '2026-02-28' }, 2026, 2)).toBe(true);
    expect(periodCoversMonth({ beginDate: '2026-02-02', endDate: '2026-12-31' }, 2026, 2)).toBe(false);
    expect(periodCoversMonth({ beginDate: '2026-01-01', endDate: '2026-02-27' }, 2026, 2)).toBe(false);
  });

  it('lists the years of a period and detects overlaps', () => {
    expect(yearsOfPeriod({ beginDate: '2025-07-01', endDate: '2026-06-30' })).toEqual([2025, 2026]);
    expect(yearsOfPeriod({ beginDate: '2026-01-01', endDate: '2026-12-31' })).toEqual([2026]);
    const a = { beginDate: '2026-01-01', endDate: '2026-06-30' };
    expect(periodsOverlap(a, { beginDate: '2026-06-30', endDate: '2026-12-31' })).toBe(true);
    expect(periodsOverlap(a, { beginDate: '2026-07-01', endDate: '2026-12-31' })).toBe(false);
  });
});
