import { describe, expect, it } from 'vitest';
import {
  type ClassificationRecord,
  classificationLapseNotice,
  classificationNoticeOn,
  classificationOfMonth,
  lapseOfClassification,
  natureOfMonth,
  typeOfMonth,
} from './classification';

const meuble = (stars: 1 | 2 | 3 | 4 | 5 | null, classifiedOn: string | null, effectiveFrom: string) =>
  ({ nature: 'FURNISHED_LET', stars, classifiedOn, effectiveFrom }) as const satisfies ClassificationRecord;

const ym = (year: number, month: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12) => ({ year, month });

describe('classificationOfMonth: the classification in force on the month’s first day', () => {
  it('no history: nothing to say (the caller uses what is stored)', () => {
    expect(classificationOfMonth([], ym(2026, 3))).toBeNull();
  });

  it('a change on the 1st applies to that month', () => {
    const history = [meuble(2, '2024-01-01', '2024-01-01'), meuble(4, '2026-04-01', '2026-04-01')];
    expect(classificationOfMonth(history, ym(2026, 3))).toEqual({ nature: 'FURNISHED_LET', stars: 2 });
    expect(classificationOfMonth(history, ym(2026, 4))).toEqual({ nature: 'FURNISHED_LET', stars: 4 });
  });

  it('a change on the 31st applies from the next month', () => {
    const history = [meuble(2, '2024-01-01', '2024-01-01'), meuble(4, '2026-03-31', '2026-03-31')];
    expect(classificationOfMonth(history, ym(2026, 3))).toEqual({ nature: 'FURNISHED_LET', stars: 2 });
    expect(classificationOfMonth(history, ym(2026, 4))).toEqual({ nature: 'FURNISHED_LET', stars: 4 });
  });

  it('a decision lapsing mid-month: the month is classified, the next one is not', () => {
    const history = [meuble(3, '2021-03-15', '2021-03-15')];
    expect(classificationOfMonth(history, ym(2026, 3))).toEqual({ nature: 'FURNISHED_LET', stars: 3 });
    expect(classificationOfMonth(history, ym(2026, 4))).toEqual({ nature: 'FURNISHED_LET', stars: null });
  });

  it('a decision lapsing on the 1st: that month is already unclassified', () => {
    const history = [meuble(3, '2021-04-01', '2021-04-01')];
    expect(classificationOfMonth(history, ym(2026, 3))?.stars).toBe(3);
    expect(classificationOfMonth(history, ym(2026, 4))?.stars).toBeNull();
  });

  it('a month before the decision is unclassified; before every record, the first one tells the nature', () => {
    const history = [meuble(3, '2026-03-15', '2026-03-15')];
    expect(classificationOfMonth(history, ym(2026, 1))).toEqual({ nature: 'FURNISHED_LET', stars: null });
    expect(classificationOfMonth(history, ym(2026, 3))?.stars).toBeNull();
    expect(classificationOfMonth(history, ym(2026, 4))?.stars).toBe(3);
  });

  it('a later record overrides from its day on, even when its day is earlier (a corrected decision date)', () => {
    const history = [meuble(3, '2026-06-01', '2026-06-01'), meuble(3, '2026-02-01', '2026-02-01')];
    expect(classificationOfMonth(history, ym(2026, 3))?.stars).toBe(3);
    expect(classificationOfMonth(history, ym(2026, 1))?.stars).toBeNull();
  });

  it('a renewal keeps the establishment classified; a missing renewal does not', () => {
    const history = [meuble(3, '2021-03-15', '2021-03-15'), meuble(4, '2026-02-10', '2026-02-10')];
    expect(classificationOfMonth(history, ym(2026, 4))?.stars).toBe(4);
    expect(classificationOfMonth(history, ym(2031, 2))?.stars).toBe(4);
    expect(classificationOfMonth(history, ym(2031, 3))?.stars).toBeNull();
  });

  it('stars without a known decision date stay in force', () => {
    expect(classificationOfMonth([meuble(4, null, '2020-01-01')], ym(2040, 1))?.stars).toBe(4);
  });
});

describe('typeOfMonth: the grid row a month is taxed with', () => {
  const current = { type: 'HOTEL_3' as const, nature: 'FURNISHED_LET' as const, stars: 3 as const };

  it('lapsed: the unclassified row of its nature', () => {
    const stored = { ...current, classifiedOn: '2021-03-15' };
    expect(typeOfMonth(stored, [], ym(2026, 3))).toBe('HOTEL_3');
    expect(typeOfMonth(stored, [], ym(2026, 4))).toBe('NONE');
    const campsite = { type: 'CAMPING_345' as const, nature: 'CAMPSITE' as const, stars: 4 as const };
    expect(typeOfMonth({ ...campsite, classifiedOn: '2021-03-15' }, [], ym(2026, 4))).toBe('CAMPING_12');
  });

  it('from the history rather than what is stored today', () => {
    const stored = { ...current, stars: 5 as const, type: 'HOTEL_5' as const, classifiedOn: '2026-05-01' };
    const history = [meuble(2, '2024-01-01', '2024-01-01'), meuble(5, '2026-05-01', '2026-05-01')];
    expect(typeOfMonth(stored, history, ym(2026, 4))).toBe('HOTEL_2');
    expect(typeOfMonth(stored, history, ym(2026, 5))).toBe('HOTEL_5');
  });

  it('no nature known: the stored type', () => {
    const legacy = { type: 'HOTEL_2' as const, nature: null, stars: null, classifiedOn: null };
    expect(typeOfMonth(legacy, [], ym(2026, 4))).toBe('HOTEL_2');
    expect(typeOfMonth(legacy, [{ ...legacy, effectiveFrom: '2020-01-01' }], ym(2026, 4))).toBe('HOTEL_2');
  });

  it('natureOfMonth gives the stars of the month, none once lapsed', () => {
    const stored = { ...current, classifiedOn: '2021-03-15' };
    expect(natureOfMonth(stored, [], ym(2026, 4))).toEqual({ nature: 'FURNISHED_LET', stars: null });
    expect(natureOfMonth(stored, [], ym(2026, 3))).toEqual({ nature: 'FURNISHED_LET', stars: 3 });
  });
});

describe('the notice of a lapse', () => {
  it('is due 90 days before the lapse', () => {
    expect(classificationNoticeOn('2021-03-15')).toBe('2025-12-15');
    expect(classificationNoticeOn('2024-02-29')).toBe('2028-12-01');
  });

  it('shows from the notice day on, lapsed from the lapse day on; never without stars or date', () => {
    const value = { stars: 3 as const, classifiedOn: '2021-03-15' };
    expect(classificationLapseNotice(value, '2025-12-14')).toBeNull();
    expect(classificationLapseNotice(value, '2025-12-15')).toEqual({ lapsesOn: '2026-03-15', lapsed: false });
    expect(classificationLapseNotice(value, '2026-03-15')).toEqual({ lapsesOn: '2026-03-15', lapsed: true });
    expect(classificationLapseNotice({ stars: null, classifiedOn: null }, '2026-03-15')).toBeNull();
    expect(classificationLapseNotice({ stars: 3, classifiedOn: null }, '2026-03-15')).toBeNull();
    expect(lapseOfClassification(value)).toBe('2026-03-15');
    expect(lapseOfClassification({ stars: null, classifiedOn: null })).toBeNull();
  });
});
