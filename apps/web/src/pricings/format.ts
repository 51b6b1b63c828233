import type { Period } from '@sejour/domain';

const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });

/** "2026-01-01" → "1 janvier 2026" (a calendar date: no time zone may shift it). */
export function formatIsoDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

export function periodDates(period: Period): { begin: string; end: string } {
  return { begin: formatIsoDate(period.beginDate), end: formatIsoDate(period.endDate) };
}
