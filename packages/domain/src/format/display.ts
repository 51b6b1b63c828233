/**
 * The one French display of each kind of plain value, for the screens and for the files the server writes
 * (history, journal, CSV): "Oui"/"Non", "31/01/2026", "31/01/2026 14:05". Amounts and rates are
 * `formatEuros` and `formatBasisPoints` (money/format.ts), file sizes `formatFileSize` (files/rules.ts).
 */

export function formatYesNo(value: boolean): string {
  return value ? 'Oui' : 'Non';
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-01-31" → "31/01/2026", as written: a calendar date has no time zone to shift it. */
export function formatIsoDate(iso: string): string {
  const match = ISO_DATE.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** The time zone of the collectivity: a file written on the server shows the time people live in. */
export const DISPLAY_TIME_ZONE = 'Europe/Paris';

const timestampFormat = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: DISPLAY_TIME_ZONE,
});

/** An instant → "31/01/2026 14:05" in French time; not a date → "". */
export function formatTimestamp(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return timestampFormat.format(date).replace(',', '').replace(/\s+/g, ' ');
}

/** A full ISO timestamp ("2026-01-31T13:05:00.000Z"), as the log keeps dates. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value);
}

export function isIsoTimestamp(value: string): boolean {
  return ISO_TIMESTAMP.test(value);
}
