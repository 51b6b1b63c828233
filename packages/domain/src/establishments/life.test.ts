import { describe, expect, it } from 'vitest';
import { monthState } from '../declarations/calendar';
import {
  closureCoversMonth,
  isMonthDue,
  isPeriodLet,
  monthLife,
  monthsCoveredBy,
  nextDay,
  nightLife,
  stayLifeRefusal,
} from './life';
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
});

describe('the year view’s state of a month that has nothing to declare', () => {
  const today = { year: 2026, month: 11 as const };
  const march = { year: 2026, month: 3 as const };
  it('before the opening: not due (not late), unless something was declared anyway', () => {
    expect(monthState(march, today, null, false, 'before_opening')).toBe('not_due');
    expect(monthState(march, today, null, true, 'before_opening')).toBe('not_due');
    expect(monthState(march, today, { done: true }, false, 'before_opening')).toBe('done');
    expect(monthState(march, today, { done: false }, false, 'before_opening')).toBe('draft');
    expect(monthState(march, today, null, false, 'due')).toBe('late');
  });

  it('closed or ceased: says so, a declaration made before keeps its state', () => {
    expect(monthState(march, today, null, false, 'closed')).toBe('closed');
    expect(monthState(march, today, null, true, 'ceased')).toBe('ceased');
    expect(monthState(march, today, { done: true }, false, 'closed')).toBe('done');
    expect(monthState({ year: 2027, month: 1 }, today, null, false, 'closed')).toBe('closed');
  });

  it('is outside the collection period when no night of it is collected, whatever the opening', () => {
    expect(monthState(march, today, null, false, 'outside_period')).toBe('outside_period');
    expect(monthState(march, today, null, true, 'outside_period')).toBe('outside_period');
    expect(monthState(march, today, { done: true }, false, 'outside_period')).toBe('done');
  });
});

describe('closures: a month is due while one night of it is let', () => {
  const life = (closures: { startDate: string; endDate: string }[], ceasedOn: string | null = null) => ({
    openingDate: '2020-01-01',
    closures,
    ceasedOn,
  });
  const november = { year: 2026, month: 11 as const };

  it('a closure covering the whole month: not due, and says closed', () => {
    const closed = life([{ startDate: '2026-11-01', endDate: '2026-11-30' }]);
    expect(isMonthDue(closed, november)).toBe(false);
    expect(monthLife(closed, november)).toBe('closed');
    expect(isMonthDue(closed, { year: 2026, month: 10 })).toBe(true);
    expect(isMonthDue(closed, { year: 2026, month: 12 })).toBe(true);
  });

  it('a closure covering part of a month: still due (its other nights are taxed)', () => {
    expect(isMonthDue(life([{ startDate: '2026-11-01', endDate: '2026-11-29' }]), november)).toBe(true);
    expect(isMonthDue(life([{ startDate: '2026-11-02', endDate: '2026-11-30' }]), november)).toBe(true);
  });

  it('two closures that together cover the month: not due', () => {
    const closed = life([
      { startDate: '2026-10-15', endDate: '2026-11-10' },
      { startDate: '2026-11-11', endDate: '2027-03-31' },
    ]);
    for (const month of [11, 12] as const) expect(isMonthDue(closed, { year: 2026, month })).toBe(false);
    for (const month of [1, 2, 3] as const) expect(isMonthDue(closed, { year: 2027, month })).toBe(false);
    expect(isMonthDue(closed, { year: 2026, month: 10 })).toBe(true);
    expect(isMonthDue(closed, { year: 2027, month: 4 })).toBe(true);
  });

  it('a month whose only collected nights are closed: not due', () => {
    const periods = [{ from: '04-01', to: '09-30' }];
    const closedFromSeptember = life([{ startDate: '2026-09-01', endDate: '2026-09-30' }]);
    expect(monthLife(closedFromSeptember, { year: 2026, month: 9 }, periods)).toBe('closed');
    expect(monthLife(closedFromSeptember, { year: 2026, month: 10 }, periods)).toBe('outside_period');
    expect(isMonthDue(closedFromSeptember, { year: 2026, month: 8 }, periods)).toBe(true);
    // Closed from 15 March: the only nights of March in a period starting on 20 March are closed.
    const spring = [{ from: '03-20', to: '10-31' }];
    const lateStart = life([{ startDate: '2027-03-15', endDate: '2027-04-05' }]);
    expect(isMonthDue(lateStart, { year: 2027, month: 3 }, spring)).toBe(false);
    expect(isMonthDue(lateStart, { year: 2027, month: 4 }, spring)).toBe(true);
  });

  it('opening on the 31st right after a closure ending on the 30th: due for that one night', () => {
    const opensLate = {
      openingDate: '2026-08-31',
      closures: [{ startDate: '2026-08-01', endDate: '2026-08-30' }],
    };
    expect(isMonthDue(opensLate, { year: 2026, month: 8 })).toBe(true);
    expect(monthLife(opensLate, { year: 2026, month: 7 })).toBe('before_opening');
  });

  it('a month before the opening and partly closed reads closed (the more telling reason)', () => {
    const both = {
      openingDate: '2026-05-20',
      closures: [{ startDate: '2026-05-20', endDate: '2026-06-10' }],
    };
    expect(monthLife(both, { year: 2026, month: 5 })).toBe('closed');
    expect(monthLife(both, { year: 2026, month: 4 })).toBe('before_opening');
    expect(monthLife(both, { year: 2026, month: 6 })).toBe('due');
  });
});

describe('cessation: the months after it are not due', () => {
  const ceased = (ceasedOn: string) => ({ openingDate: '2020-01-01', ceasedOn, closures: [] });

  it('a cessation mid-month: that month is due, the next is not', () => {
    const life = ceased('2026-10-15');
    expect(isMonthDue(life, { year: 2026, month: 10 })).toBe(true);
    expect(monthLife(life, { year: 2026, month: 11 })).toBe('ceased');
    expect(monthLife(life, { year: 2027, month: 1 })).toBe('ceased');
  });

  it('a cessation on the 1st: that month is not due, the one before is', () => {
    const life = ceased('2026-10-01');
    expect(isMonthDue(life, { year: 2026, month: 9 })).toBe(true);
    expect(isMonthDue(life, { year: 2026, month: 10 })).toBe(false);
  });

  it('a cessation on the 31st: that month is due (thirty nights were let)', () => {
    expect(isMonthDue(ceased('2026-10-31'), { year: 2026, month: 10 })).toBe(true);
  });

  it('the cessation is told before a closure of the same nights', () => {
    const life = { ...ceased('2026-10-01'), closures: [{ startDate: '2026-10-01', endDate: '2026-12-31' }] };
    expect(nightLife(life, '2026-10-05')).toBe('ceased');
    expect(monthLife(life, { year: 2026, month: 11 })).toBe('ceased');
  });
});

describe('forfait periods and the calendar helpers', () => {
  it('a period is let while one of its nights is', () => {
    const period = { beginDate: '2026-04-01', endDate: '2026-09-30' };
    const whole = { openingDate: null, closures: [{ startDate: '2026-04-01', endDate: '2026-09-30' }] };
    expect(isPeriodLet(whole, period)).toBe(false);
    const lastNight = { openingDate: null, closures: [{ startDate: '2026-04-01', endDate: '2026-09-29' }] };
    expect(isPeriodLet(lastNight, period)).toBe(true);
    expect(isPeriodLet({ openingDate: null, ceasedOn: '2026-04-01' }, period)).toBe(false);
    expect(isPeriodLet({ openingDate: '2026-09-30' }, period)).toBe(true);
    expect(isPeriodLet({ openingDate: '2026-10-01' }, period)).toBe(false);
  });

  it('nextDay crosses months, years and 29 February', () => {
    expect(nextDay('2026-01-31')).toBe('2026-02-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2027-02-28')).toBe('2027-03-01');
  });

  it('the months a closure covers entirely', () => {
    expect(monthsCoveredBy({ startDate: '2026-11-01', endDate: '2027-02-28' })).toEqual([
      { year: 2026, month: 11 },
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
      { year: 2027, month: 2 },
    ]);
    expect(monthsCoveredBy({ startDate: '2026-11-02', endDate: '2027-02-27' })).toEqual([
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
    ]);
    expect(monthsCoveredBy({ startDate: '2026-11-10', endDate: '2026-11-20' })).toEqual([]);
    expect(
      closureCoversMonth({ startDate: '2028-02-01', endDate: '2028-02-28' }, { year: 2028, month: 2 }),
    ).toBe(false);
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

describe('a stay of the register: refused on a closed night or after the cessation', () => {
  const closure = { startDate: '2026-03-10', endDate: '2026-03-12', reason: 'Travaux' };
  const life = { openingDate: '2026-02-01', ceasedOn: '2026-06-01', closures: [closure] };

  it('accepts a stay that leaves the evening a closure starts, or arrives the day after it ends', () => {
    expect(stayLifeRefusal(life, { arrival: '2026-03-08', departure: '2026-03-10' })).toBeNull();
    expect(stayLifeRefusal(life, { arrival: '2026-03-13', departure: '2026-03-15' })).toBeNull();
  });

  it('refuses a stay with one night in a closure, naming the first such night and the reason', () => {
    expect(stayLifeRefusal(life, { arrival: '2026-03-09', departure: '2026-03-11' })).toEqual({
      code: 'establishment_closed',
      message:
        'L’établissement est fermé la nuit du 10 mars 2026 (Travaux) : un séjour ne peut pas y compter cette nuit.',
    });
    expect(stayLifeRefusal(life, { arrival: '2026-03-12', departure: '2026-03-20' })?.code).toBe(
      'establishment_closed',
    );
  });

  it('refuses a night from the cessation on; the last night before it is let', () => {
    expect(stayLifeRefusal(life, { arrival: '2026-05-30', departure: '2026-06-01' })).toBeNull();
    expect(stayLifeRefusal(life, { arrival: '2026-05-31', departure: '2026-06-02' })).toEqual({
      code: 'establishment_ceased',
      message:
        'L’établissement a cessé son activité le 1er juin 2026 : un séjour ne peut plus y compter de nuit à partir de cette date.',
    });
  });

  it('accepts nights before the opening, as those months stay declarable', () => {
    expect(stayLifeRefusal(life, { arrival: '2026-01-20', departure: '2026-01-25' })).toBeNull();
  });
});
