import { fieldErrorsFromIssues } from '../errors';
import {
  type Cell,
  normaliseHeader,
  parseCellBoolean,
  parseCellCount,
  parseCellDate,
  parseCellEuros,
  parseCellReason,
} from './cells';
import type { StayImport } from './contracts';
import { monthKeysOfStay, type StayInput, stayInputSchema } from './stays';

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
