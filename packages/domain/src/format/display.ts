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

/** One formatter per time zone (`''`: the runtime's own), made on first use: building one is the costly part. */
const instantFormats = new Map<string, Intl.DateTimeFormat>();

function instantFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = instantFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
    instantFormats.set(key, format);
  }
  return format;
}

/** The day and time an instant shows in `timeZone`, as zero-padded text; null when it is not a date. */
function instantParts(value: Date | string, timeZone: string | undefined) {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, string> = {};
  for (const part of instantFormat(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return {
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
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
  const parts = instantParts(value, timeZone);
  return parts ? `${parts.day}/${parts.month}/${parts.year}` : '';
}

/** An instant as "31/01/2026 14:05" in `timeZone` (the runtime's own when not given); not a date → "". */
export function formatDateTime(value: Date | string, timeZone?: string): string {
  const parts = instantParts(value, timeZone);
  return parts ? `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}` : '';
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
