import type { Cell } from '@sejour/domain';

/**
 * Reads a spreadsheet in the browser (the register's stays, the onboarding of providers): CSV with papaparse,
 * XLSX with read-excel-file, ODS with fflate and the browser's XML parser. Each reader is loaded only when a
 * file of its kind is chosen, so the screens that import stay small.
 */

/** Windows-1252's characters for the bytes 0x80–0x9F (undefined positions keep their code). */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Windows-1252 by table: every byte is one character, the same as Latin-1 but for 0x80–0x9F ("€", "’", "œ"…).
 * Written out because some runtimes' `TextDecoder('windows-1252')` decodes those bytes as Latin-1.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const chars = new Array<string>(bytes.length);
  bytes.forEach((byte, i) => {
    chars[i] = byte >= 0x80 && byte <= 0x9f ? (CP1252_HIGH[byte - 0x80] ?? '') : String.fromCharCode(byte);
  });
  return chars.join('');
}

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, else Windows-1252 (French Excel's CSV). */
export function decodeText(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return decodeWindows1252(body);
  }
}

/**
 * The separator of the header line: the most frequent of semicolon, tab and comma outside quotes (French
 * Excel writes semicolons, because the comma is its decimal mark).
 */
export function detectDelimiter(text: string): string {
  const header = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts = new Map<string, number>([
    [';', 0],
    ['\t', 0],
    [',', 0],
  ]);
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ';';
  for (const [char, count] of counts) if (count > (counts.get(best) ?? 0)) best = char;
  return best;
}

export async function readCsv(bytes: Uint8Array): Promise<Cell[][]> {
  const { default: Papa } = await import('papaparse');
  const text = decodeText(bytes);
  const result = Papa.parse<string[]>(text, { delimiter: detectDelimiter(text), skipEmptyLines: 'greedy' });
  return result.data;
}

async function readXlsx(file: Blob): Promise<Cell[][]> {
  const { readSheet } = await import('read-excel-file/browser');
  const rows = await readSheet(file);
  return rows.map((row) => row.map((cell) => cell as Cell));
}

export type SpreadsheetKind = 'csv' | 'xlsx' | 'ods';

/** The kind of a file from its first bytes (a zip for XLSX and ODS), then its name. */
export function kindOf(name: string, bytes: Uint8Array): SpreadsheetKind | null {
  const lower = name.toLowerCase();
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (zip) return lower.endsWith('.ods') ? 'ods' : lower.endsWith('.xlsx') ? 'xlsx' : null;
  if (/\.(csv|txt|tsv)$/.test(lower) || !lower.includes('.')) return 'csv';
  return null;
}

/** Every line of the first sheet, the header first. Throws when the file is none of the known kinds. */
export async function readSpreadsheet(file: File): Promise<Cell[][]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = kindOf(file.name, bytes);
  if (kind === 'csv') return readCsv(bytes);
  if (kind === 'xlsx') return readXlsx(file);
  if (kind === 'ods') return (await import('./ods')).readOds(bytes);
  throw new Error('unknown spreadsheet');
}
