import { parseEurosToCents } from '../money/format';
import { EXEMPTION_REASONS, type ExemptionReason } from './stays';

/**
 * The cells of a spreadsheet of stays read with French conventions: dd/mm/yyyy dates (or a spreadsheet's
 * date), whole counts, prices in euros with a decimal comma, oui/non, an exemption reason in words.
 */

/** Lower case, no accents, words separated by one space: "Date d'arrivée" → "date d arrivee". */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A cell as a file reader gives it: text (CSV), or a number, a boolean or a date (XLSX, ODS). */
export type Cell = string | number | boolean | Date | null | undefined;

const pad = (n: number) => String(n).padStart(2, '0');

/** Days from 1899-12-30, the spreadsheets' day zero, to 1970-01-01. */
const SPREADSHEET_EPOCH_OFFSET = 25_569;

/**
 * A date cell: dd/mm/yyyy (French), dd/mm/yy, dd-mm-yyyy, dd.mm.yyyy, yyyy-mm-dd, a date object, or a
 * spreadsheet serial day number. Null when it is none of them or not a real day.
 */
export function parseCellDate(cell: Cell): string | null {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  }
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 2_958_465) return null;
    return parseCellDate(new Date((cell - SPREADSHEET_EPOCH_OFFSET) * 86_400_000));
  }
  if (typeof cell !== 'string') return null;
  const text = cell.trim();
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?: .*)?$/.exec(text);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (french) {
    [day, month, year] = [Number(french[1]), Number(french[2]), Number(french[3])];
    if ((french[3] ?? '').length === 2) year += 2000;
  } else {
    return null;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** A whole count: "3", 3, "3,0"; empty is null (absent). NaN for anything else. */
export function parseCellCount(cell: Cell): number | null {
  if (cell === null || cell === undefined || cell === '') return null;
  if (typeof cell === 'number') return cell;
  if (typeof cell !== 'string') return Number.NaN;
  const text = cell.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return null;
  if (!/^\d+(?:[,.]0+)?$/.test(text)) return Number.NaN;
  return Number(text.replace(/[,.]0+$/, ''));
}

/** A price in euros: "1 234,56", "1234.56", "120 €", or a number; cents, or NaN when unreadable. */
export function parseCellEuros(cell: Cell): number | null {
  if (cell === null || cell === undefined || cell === '') return null;
  if (typeof cell === 'number') {
    const cents = Math.round(cell * 100);
    return Math.abs(cell * 100 - cents) < 1e-6 ? cents : Number.NaN;
  }
  if (typeof cell !== 'string') return Number.NaN;
  if (cell.trim() === '') return null;
  return parseEurosToCents(cell) ?? Number.NaN;
}

const YES = new Set(['oui', 'o', 'yes', 'y', 'vrai', 'true', '1', 'x']);
const NO = new Set(['non', 'n', 'no', 'faux', 'false', '0', '']);

/** oui/non, vrai/faux, 1/0, x (ticked) or empty. Null when unreadable. */
export function parseCellBoolean(cell: Cell): boolean | null {
  if (typeof cell === 'boolean') return cell;
  if (cell === null || cell === undefined) return false;
  if (typeof cell === 'number') return cell === 1 ? true : cell === 0 ? false : null;
  const text = normaliseHeader(String(cell));
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return null;
}

const REASON_ALIASES: ReadonlyArray<[ExemptionReason, readonly string[]]> = [
  ['MINOR', ['mineur', 'mineurs', 'enfant', 'enfants', 'moins de 18 ans', 'minor']],
  [
    'SEASONAL_WORKER',
    ['travailleur saisonnier', 'travailleurs saisonniers', 'saisonnier', 'saisonniers', 'seasonal worker'],
  ],
  [
    'EMERGENCY_REHOUSING',
    [
      'hebergement d urgence',
      'relogement',
      'relogement d urgence',
      'relogement temporaire',
      'urgence',
      'hebergement d urgence ou relogement temporaire',
      'emergency rehousing',
    ],
  ],
  [
    'LOW_RENT',
    ['loyer modique', 'faible loyer', 'petit loyer', 'loyer inferieur au montant fixe', 'low rent'],
  ],
];

/** A reason in words ("mineur", "Saisonnier", "loyer modique") or its code; null when empty, undefined when unknown. */
export function parseCellReason(cell: Cell): ExemptionReason | null | undefined {
  if (cell === null || cell === undefined) return null;
  const raw = String(cell).trim();
  if (raw === '') return null;
  if ((EXEMPTION_REASONS as readonly string[]).includes(raw)) return raw as ExemptionReason;
  const text = normaliseHeader(raw);
  return REASON_ALIASES.find(([, aliases]) => aliases.includes(text))?.[0];
}
