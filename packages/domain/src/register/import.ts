import { fieldErrorsFromIssues } from '../errors';
import { parseEurosToCents } from '../money/format';
import type { StayImport } from './contracts';
import {
  EXEMPTION_REASONS,
  type ExemptionReason,
  monthKeysOfStay,
  type StayInput,
  stayInputSchema,
} from './stays';

/**
 * Reading a spreadsheet of stays: the cells of each line, whatever file they came from (CSV, XLSX, ODS), are
 * read into a stay with French conventions (dd/mm/yyyy dates, decimal commas, oui/non) and checked with the
 * register's own schema, so the preview shows exactly what the server will accept.
 */

/** The fields a column may be mapped to, in the order the preview shows them. */
export const STAY_COLUMNS = [
  'arrival',
  'departure',
  'persons',
  'exempted',
  'exemptionReason',
  'price',
  'platform',
  'reference',
] as const;
export type StayColumn = (typeof STAY_COLUMNS)[number];

export const STAY_COLUMN_LABELS: Readonly<Record<StayColumn, string>> = {
  arrival: 'Arrivée',
  departure: 'Départ',
  persons: 'Personnes',
  exempted: 'Exonérés',
  exemptionReason: 'Motif d’exonération',
  price: 'Prix HT',
  platform: 'Plateforme',
  reference: 'Référence',
};

/** Columns a file must have (the others may be absent: zero, no reason, not a platform, no reference). */
export const REQUIRED_STAY_COLUMNS: readonly StayColumn[] = ['arrival', 'departure', 'persons', 'price'];

/** Lower case, no accents, words separated by one space: "Date d'arrivée" → "date d arrivee". */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Header names recognised for each field, normalised. */
const HEADER_ALIASES: Readonly<Record<StayColumn, readonly string[]>> = {
  arrival: [
    'arrivee',
    'date arrivee',
    'date d arrivee',
    'date de arrivee',
    'debut',
    'date de debut',
    'entree',
    'du',
  ],
  departure: [
    'depart',
    'date depart',
    'date de depart',
    'date du depart',
    'fin',
    'date de fin',
    'sortie',
    'au',
  ],
  persons: [
    'personnes',
    'nombre de personnes',
    'nb personnes',
    'nb de personnes',
    'occupants',
    'nombre d occupants',
    'voyageurs',
  ],
  exempted: [
    'exoneres',
    'personnes exonerees',
    'nombre d exoneres',
    'nombre de personnes exonerees',
    'nb exoneres',
    'exonerations',
  ],
  exemptionReason: ['motif', 'motif d exoneration', 'motif exoneration', 'raison', 'raison de l exoneration'],
  price: [
    'prix',
    'prix ht',
    'prix du sejour',
    'prix du sejour ht',
    'prix hors taxe',
    'prix hors taxes',
    'montant',
    'montant ht',
    'loyer',
    'loyer ht',
  ],
  platform: [
    'plateforme',
    'via plateforme',
    'taxe collectee par la plateforme',
    'collecte plateforme',
    'reserve via une plateforme',
  ],
  reference: ['reference', 'ref', 'n reservation', 'numero de reservation', 'reservation'],
};

/** Which column of the file holds each field (an index into the header line), or null when none does. */
export type ColumnMapping = Record<StayColumn, number | null>;

/** Recognises French column names; a header that matches no field is left for the mapping step. */
export function guessColumnMapping(headers: readonly string[]): ColumnMapping {
  const mapping = Object.fromEntries(STAY_COLUMNS.map((c) => [c, null])) as ColumnMapping;
  headers.forEach((header, index) => {
    const name = normaliseHeader(header);
    for (const column of STAY_COLUMNS) {
      if (mapping[column] === null && HEADER_ALIASES[column].includes(name)) {
        mapping[column] = index;
        return;
      }
    }
  });
  return mapping;
}

export function missingColumns(mapping: ColumnMapping): StayColumn[] {
  return REQUIRED_STAY_COLUMNS.filter((column) => mapping[column] === null);
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

/** A line of the file as read: the stay, or the reasons it is refused (French, each naming its column). */
export type ReadLine =
  | { line: number; ok: true; stay: StayInput; months: string[] }
  | { line: number; ok: false; errors: string[] };

const cellText = (cell: Cell) =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell ?? '');

/**
 * One line of the file read into a stay. `line` is the line number the host sees in their spreadsheet (the
 * header is line 1). A cell that cannot be read is named with what it holds; the rest is the register's schema.
 */
export function readStayLine(cells: readonly Cell[], mapping: ColumnMapping, line: number): ReadLine {
  const cell = (column: StayColumn): Cell => {
    const index = mapping[column];
    return index === null ? undefined : cells[index];
  };
  const errors: string[] = [];
  const unreadable = (column: StayColumn, expected: string) =>
    errors.push(`${STAY_COLUMN_LABELS[column]} : « ${cellText(cell(column))} » n’est pas ${expected}.`);

  const arrival = parseCellDate(cell('arrival'));
  if (arrival === null) unreadable('arrival', 'une date (jj/mm/aaaa)');
  const departure = parseCellDate(cell('departure'));
  if (departure === null) unreadable('departure', 'une date (jj/mm/aaaa)');
  const persons = parseCellCount(cell('persons'));
  if (persons === null || Number.isNaN(persons)) unreadable('persons', 'un nombre entier');
  const exempted = parseCellCount(cell('exempted')) ?? 0;
  if (Number.isNaN(exempted)) unreadable('exempted', 'un nombre entier');
  const price = parseCellEuros(cell('price'));
  if (price === null || Number.isNaN(price)) unreadable('price', 'un montant en euros');
  const platform = parseCellBoolean(cell('platform'));
  if (platform === null) unreadable('platform', 'oui ou non');
  const reason = parseCellReason(cell('exemptionReason'));
  if (reason === undefined)
    unreadable('exemptionReason', 'un motif connu (mineur, saisonnier, urgence, loyer modique)');
  if (errors.length > 0) return { line, ok: false, errors };

  const parsed = stayInputSchema.safeParse({
    arrival,
    departure,
    persons,
    exempted,
    exemptionReason: reason ?? null,
    price,
    platform: platform ?? false,
    reference: cellText(cell('reference')).trim(),
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFromIssues(parsed.error.issues);
    return {
      line,
      ok: false,
      errors: Object.entries(fieldErrors).map(([field, message]) => {
        const label = STAY_COLUMN_LABELS[field as StayColumn];
        return label ? `${label} : ${message}` : message;
      }),
    };
  }
  return { line, ok: true, stay: parsed.data, months: monthKeysOfStay(parsed.data) };
}

/** The preview of a file: every line as it will be read, and the months the import will change. */
export interface ImportPreview {
  lines: ReadLine[];
  valid: number;
  refused: number;
  /** "yyyy-mm" keys, in order. */
  months: string[];
}

/** True for a line with nothing in it (a spreadsheet's trailing lines). */
export function isBlankLine(cells: readonly Cell[]): boolean {
  return cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));
}

/**
 * Reads every line after the header (blank lines skipped, numbered as in the file), `chunk` lines at a time: it
 * yields the lines read so far after each chunk, so that a screen can show its progress and paint between two,
 * and returns the preview.
 */
export function* previewStayImportInChunks(
  rows: readonly (readonly Cell[])[],
  mapping: ColumnMapping,
  chunk: number,
): Generator<number, ImportPreview, void> {
  const lines: ReadLine[] = [];
  const months = new Set<string>();
  for (let start = 0; start < rows.length; start += chunk) {
    const end = Math.min(start + chunk, rows.length);
    for (let index = start; index < end; index++) {
      const cells = rows[index]!;
      if (isBlankLine(cells)) continue;
      const read = readStayLine(cells, mapping, index + 2);
      if (read.ok) for (const key of read.months) months.add(key);
      lines.push(read);
    }
    if (end < rows.length) yield end;
  }
  return summarise(lines, [...months].sort());
}

function summarise(lines: ReadLine[], months: string[]): ImportPreview {
  const valid = lines.filter((l) => l.ok).length;
  return { lines, valid, refused: lines.length - valid, months };
}

/** Reads every line after the header at once (blank lines skipped, numbered as in the file). */
export function previewStayImport(rows: readonly (readonly Cell[])[], mapping: ColumnMapping): ImportPreview {
  const steps = previewStayImportInChunks(rows, mapping, Math.max(rows.length, 1));
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The preview with the server's refusals (`stays.{line}` or `stays.{line}.{field}`) added to the lines they
 * name: such a line is refused, with the reasons it already had.
 */
export function withServerErrors(
  preview: ImportPreview,
  errors: Readonly<Record<string, string>>,
): ImportPreview {
  const lines = [...preview.lines];
  for (const [key, message] of Object.entries(errors)) {
    const line = Number(key.split('.')[1]);
    const index = lines.findIndex((l) => l.line === line);
    const current = lines[index];
    if (!current) continue;
    lines[index] = { line, ok: false, errors: [...(current.ok ? [] : current.errors), message] };
  }
  return summarise(lines, preview.months);
}

/** What the import sends: the stays of the lines read, with their line numbers (a dry run only checks them). */
export function stayImportBody(preview: ImportPreview, dryRun: boolean): StayImport {
  const ok = preview.lines.filter((l): l is Extract<ReadLine, { ok: true }> => l.ok);
  return { stays: ok.map((l) => l.stay), lines: ok.map((l) => l.line), dryRun };
}

/** An example line of the template: dates as the host types them, counts, the price in cents, oui/non. */
export type TemplateLine = Readonly<Record<StayColumn, string | number>> & { price: number };

/**
 * The lines under the template's header (whose names are `STAY_COLUMN_LABELS`, so the import recognises
 * them): one direct stay, one with exempted minors, one booked through a collecting platform.
 */
export const STAY_TEMPLATE_EXAMPLES: readonly TemplateLine[] = [
  {
    arrival: '15/07/2026',
    departure: '18/07/2026',
    persons: 2,
    exempted: 0,
    exemptionReason: '',
    price: 24_000,
    platform: 'non',
    reference: 'Résa 1042',
  },
  {
    arrival: '20/07/2026',
    departure: '27/07/2026',
    persons: 4,
    exempted: 2,
    exemptionReason: 'mineur',
    price: 91_000,
    platform: 'non',
    reference: '',
  },
  {
    arrival: '02/08/2026',
    departure: '05/08/2026',
    persons: 2,
    exempted: 0,
    exemptionReason: '',
    price: 33_000,
    platform: 'oui',
    reference: 'Plateforme HM123',
  },
];
