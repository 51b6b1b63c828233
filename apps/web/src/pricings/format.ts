import { formatLongDate, type Period } from '@sejour/domain';

/** "1 janvier 2026" – "31 décembre 2026": a period's two dates in words. */
export function periodDates(period: Period): { begin: string; end: string } {
  return { begin: formatLongDate(period.beginDate), end: formatLongDate(period.endDate) };
}
