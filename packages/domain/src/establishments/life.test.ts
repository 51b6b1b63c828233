import { describe, expect, it } from 'vitest';
import { monthState } from '../declarations/calendar';
import { dueIfOpenedBy, isMonthDue } from './life';
import { establishmentPayloadSchema } from './schemas';

const opened = (openingDate: string | null) => ({ openingDate });

describe('isMonthDue: a month is due from the month the establishment opens', () => {
  it('opening on the 1st: that month is due, the one before is not', () => {
    const life = opened('2026-09-01');
    expect(isMonthDue(life, { year: 2026, month: 8 })).toBe(false);
    expect(isMonthDue(life, { year: 2026, month: 9 })).toBe(true);
    expect(isMonthDue(life, { year: 2026, month: 10 })).toBe(true);
    expect(isMonthDue(life, { year: 2027, month: 1 })).toBe(true);
  });

  it('opening on the 31st: the month is due (one night is taxed), the one before is not', () => {
    const life = opened('2026-08-31');
    expect(isMonthDue(life, { year: 2026, month: 7 })).toBe(false);
    expect(isMonthDue(life, { year: 2026, month: 8 })).toBe(true);
    expect(isMonthDue(life, { year: 2026, month: 9 })).toBe(true);
  });

  it('opening on the last day of February, in a leap year and not', () => {
    expect(isMonthDue(opened('2028-02-29'), { year: 2028, month: 2 })).toBe(true);
    expect(isMonthDue(opened('2027-02-28'), { year: 2027, month: 2 })).toBe(true);
    expect(isMonthDue(opened('2027-03-01'), { year: 2027, month: 2 })).toBe(false);
  });

  it('opening in December: no month of that year before is due, nor any earlier year', () => {
    const life = opened('2026-12-15');
    expect(isMonthDue(life, { year: 2026, month: 11 })).toBe(false);
    expect(isMonthDue(life, { year: 2025, month: 12 })).toBe(false);
    expect(isMonthDue(life, { year: 2026, month: 12 })).toBe(true);
    expect(isMonthDue(life, { year: 2027, month: 1 })).toBe(true);
  });

  it('opening in the future: nothing is due until then', () => {
    const life = opened('2030-05-20');
    expect(isMonthDue(life, { year: 2026, month: 11 })).toBe(false);
    expect(isMonthDue(life, { year: 2030, month: 4 })).toBe(false);
    expect(isMonthDue(life, { year: 2030, month: 5 })).toBe(true);
  });

  it('no opening date: every month is due', () => {
    expect(isMonthDue(opened(null), { year: 2000, month: 1 })).toBe(true);
    expect(isMonthDue(opened(null), { year: 2026, month: 12 })).toBe(true);
  });

  it('the bound the SQL compares with is the month’s last day', () => {
    expect(dueIfOpenedBy({ year: 2026, month: 2 })).toBe('2026-02-28');
    expect(dueIfOpenedBy({ year: 2028, month: 2 })).toBe('2028-02-29');
    expect(dueIfOpenedBy({ year: 2026, month: 12 })).toBe('2026-12-31');
  });
});

describe('the year view’s state of a month before the opening', () => {
  const today = { year: 2026, month: 11 as const };
  it('is not due (not late), unless something was declared anyway', () => {
    expect(monthState({ year: 2026, month: 3 }, today, null, false, false)).toBe('not_due');
    expect(monthState({ year: 2026, month: 3 }, today, null, true, false)).toBe('not_due');
    expect(monthState({ year: 2026, month: 3 }, today, { done: true }, false, false)).toBe('done');
    expect(monthState({ year: 2026, month: 3 }, today, { done: false }, false, false)).toBe('draft');
    expect(monthState({ year: 2026, month: 3 }, today, null, false, true)).toBe('late');
  });

  it('is outside the collection period when no night of it is collected, whatever the opening', () => {
    expect(monthState({ year: 2026, month: 3 }, today, null, false, false, false)).toBe('outside_period');
    expect(monthState({ year: 2026, month: 3 }, today, null, true, true, false)).toBe('outside_period');
    expect(monthState({ year: 2026, month: 3 }, today, { done: true }, false, true, false)).toBe('done');
  });
});

describe('the opening date of an establishment payload', () => {
  const base = { name: 'Gîte du Lac', userId: 3 };
  const parse = (openingDate: unknown) => establishmentPayloadSchema.safeParse({ ...base, openingDate });

  it('is a real calendar date, or empty (not given)', () => {
    expect(parse('2026-09-15').data?.openingDate).toBe('2026-09-15');
    expect(parse('').data?.openingDate).toBeNull();
    expect(parse(null).data?.openingDate).toBeNull();
    expect(establishmentPayloadSchema.parse(base).openingDate).toBeNull();
    for (const wrong of ['2026-02-30', '15/09/2026', '2026-9-1', 'demain', 20260915]) {
      const result = parse(wrong);
      expect(result.success, String(wrong)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['openingDate']);
      expect(result.error?.issues[0]?.message).toBe('Veuillez saisir une date valide (aaaa-mm-jj).');
    }
  });

  it('lies between 1900 and 2100', () => {
    expect(parse('1900-01-01').success).toBe(true);
    expect(parse('2100-12-31').success).toBe(true);
    for (const wrong of ['1899-12-31', '2101-01-01']) {
      expect(parse(wrong).error?.issues[0]?.message).toBe(
        'La date d’ouverture doit être comprise entre le 01/01/1900 et le 31/12/2100.',
      );
    }
  });
});
