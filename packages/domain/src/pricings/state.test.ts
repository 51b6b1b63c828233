import { describe, expect, it } from 'vitest';
import { addYears, isoDateIn, periodOneYearLater, pricingStateOn } from './state';

describe('pricing state', () => {
  const period = { beginDate: '2026-01-01', endDate: '2026-12-31' };

  it('is current from the first to the last day, past after, future before', () => {
    expect(pricingStateOn(period, '2025-12-31')).toBe('future');
    expect(pricingStateOn(period, '2026-01-01')).toBe('current');
    expect(pricingStateOn(period, '2026-12-31')).toBe('current');
    expect(pricingStateOn(period, '2027-01-01')).toBe('past');
  });

  it('takes today in Paris, not in UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris (UTC+1 in winter).
    expect(isoDateIn(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(isoDateIn(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
    expect(isoDateIn(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});

describe('one year later', () => {
  it('shifts a date, 29 February becoming 28', () => {
    expect(addYears('2026-03-15', 1)).toBe('2027-03-15');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
  });

  it('keeps a period ending on the last day of a month ending on the last day', () => {
    expect(periodOneYearLater({ beginDate: '2026-01-01', endDate: '2026-12-31' })).toEqual({
      beginDate: '2027-01-01',
      endDate: '2027-12-31',
    });
    expect(periodOneYearLater({ beginDate: '2027-03-01', endDate: '2028-02-29' })).toEqual({
      beginDate: '2028-03-01',
      endDate: '2029-02-28',
    });
    expect(periodOneYearLater({ beginDate: '2026-03-01', endDate: '2027-02-28' })).toEqual({
      beginDate: '2027-03-01',
      endDate: '2028-02-29',
    });
    expect(periodOneYearLater({ beginDate: '2026-01-10', endDate: '2026-06-20' })).toEqual({
      beginDate: '2027-01-10',
      endDate: '2027-06-20',
    });
  });
});
