/**
 * The one French display of each kind of plain value, for the screens and for the files the server writes
 * (history, journal, CSV, PDF, mails): "Oui"/"Non", "31/01/2026", "31/01/2026 14:05", "1 janvier 2026".
 * Amounts and rates are `formatEuros` and `formatBasisPoints` (money/format.ts), file sizes `formatFileSize`
 * (files/rules.ts).
 */

export function formatYesNo(value: boolean): string {
  return value ? 'Oui' : 'Non';
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The time zone of the collectivity: a file written on the server shows the time people live in. */
export const DISPLAY_TIME_ZONE = 'Europe/Paris';

/** The formatters made so far, by time zone (`''`: the runtime's own) and with or without the time. */
const instantFormats: Record<string, Intl.DateTimeFormat> = {};

/** An instant as the day ("31/01/2026") or the day and time ("31/01/2026 14:05") it is in `timeZone`. */
function instantText(value: Date | string, timeZone: string | undefined, withTime: boolean): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const key = `${timeZone ?? ''} ${withTime}`;
  // Made on first use: building a formatter is the costly part.
  instantFormats[key] ??= new Intl.DateTimeFormat('fr-FR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    ...(timeZone ? { timeZone } : {}),
  });
  return instantFormats[key].format(date).replace(',', '').replace(/\s+/g, ' ');
}

/**
 * A day as "31/01/2026": the one way the product writes one, on screens, in CSV and PDF files and in mails. A
 * calendar date ("2026-01-31") is written as it is: it has no time zone to shift it. An instant (a `Date`, a
 * timestamp) is the day it is in `timeZone`, the runtime's own when not given (the browser's, on a screen).
 * Not a date → "".
 */
export function formatDate(value: Date | string, timeZone?: string): string {
  if (typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    if (match) return `${match[3]}/${match[2]}/${match[1]}`;
  }
  return instantText(value, timeZone, false);
}

/** An instant as "31/01/2026 14:05" in `timeZone` (the runtime's own when not given); not a date → "". */
export function formatDateTime(value: Date | string, timeZone?: string): string {
  return instantText(value, timeZone, true);
}

/** An instant → "31/01/2026 14:05" in French time, as the files the server writes show it; not a date → "". */
export function formatTimestamp(value: Date | string): string {
  return formatDateTime(value, DISPLAY_TIME_ZONE);
}

const longDate = /*#__PURE__*/ new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });

/** A calendar date "2026-01-01" → "1 janvier 2026", as written (UTC: no time zone may shift it). */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(`${iso}T00:00:00Z`));
}

/** A full ISO timestamp ("2026-01-31T13:05:00.000Z"), as the log keeps dates. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value);
}

export function isIsoTimestamp(value: string): boolean {
  return ISO_TIMESTAMP.test(value);
}
