import type { Cell } from '@sejour/domain';
import { strFromU8, unzipSync } from 'fflate';

const TABLE = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
const OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
const TEXT = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';

/** Spreadsheets repeat an empty row or cell to the sheet's end (a million rows): never expand those. */
const MAX_REPEAT = 10_000;
/** More columns than any register has; an empty cell repeated further is the row's trailing end. */
const MAX_EMPTY_COLUMNS = 256;

function cellValue(cell: Element): Cell {
  const type = cell.getAttributeNS(OFFICE, 'value-type');
  if (type === 'float' || type === 'currency' || type === 'percentage') {
    return Number(cell.getAttributeNS(OFFICE, 'value'));
  }
  if (type === 'date') return (cell.getAttributeNS(OFFICE, 'date-value') ?? '').slice(0, 10);
  if (type === 'boolean') return cell.getAttributeNS(OFFICE, 'boolean-value') === 'true';
  const paragraphs = [...cell.getElementsByTagNameNS(TEXT, 'p')].map((p) => p.textContent ?? '');
  return paragraphs.join('\n');
}

const isEmpty = (cell: Cell) => cell === '' || cell === null || cell === undefined;

/** The first sheet of an OpenDocument spreadsheet (.ods): its content.xml, read with the browser's parser. */
export function readOds(bytes: Uint8Array): Cell[][] {
  const files = unzipSync(bytes, { filter: (file) => file.name === 'content.xml' });
  const content = files['content.xml'];
  if (!content) throw new Error('not an OpenDocument spreadsheet');
  const doc = new DOMParser().parseFromString(strFromU8(content), 'application/xml');
  const table = doc.getElementsByTagNameNS(TABLE, 'table')[0];
  if (!table) return [];
  const rows: Cell[][] = [];
  for (const row of table.getElementsByTagNameNS(TABLE, 'table-row')) {
    const cells: Cell[] = [];
    for (const cell of row.children) {
      if (cell.namespaceURI !== TABLE || !cell.localName.endsWith('table-cell')) continue;
      const value = cellValue(cell);
      const repeat = Number(cell.getAttributeNS(TABLE, 'number-columns-repeated') ?? '1');
      const times = Math.min(repeat, isEmpty(value) ? MAX_EMPTY_COLUMNS : MAX_REPEAT);
      for (let i = 0; i < times; i++) cells.push(value);
    }
    while (cells.length > 0 && isEmpty(cells[cells.length - 1])) cells.pop();
    const repeat = Number(row.getAttributeNS(TABLE, 'number-rows-repeated') ?? '1');
    const times = cells.length === 0 ? 1 : Math.min(repeat, MAX_REPEAT);
    for (let i = 0; i < times; i++) rows.push(cells);
  }
  while (rows.length > 0 && rows[rows.length - 1]?.length === 0) rows.pop();
  return rows;
}
