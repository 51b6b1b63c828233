import {
  csvAmount,
  csvFile,
  SPREADSHEET_CSV_SEPARATOR,
  STAY_COLUMN_LABELS,
  STAY_COLUMNS,
  STAY_TEMPLATE_EXAMPLES,
} from '@sejour/domain';

/**
 * The import's template, built in the browser from the domain's columns and example lines (the names the
 * import recognises): a CSV for French Excel (semicolons, BOM, decimal commas) and a one-sheet XLSX written with
 * fflate, loaded only when the XLSX is asked for.
 */

export const TEMPLATE_NAME = 'modele-registre-sejours';

const headers = () => STAY_COLUMNS.map((column) => STAY_COLUMN_LABELS[column]);

export function templateCsv(): string {
  return csvFile(
    headers(),
    STAY_TEMPLATE_EXAMPLES.map((line) =>
      STAY_COLUMNS.map((column) => (column === 'price' ? csvAmount(line.price) : String(line[column]))),
    ),
    SPREADSHEET_CSV_SEPARATOR,
  );
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** "A", "B", … the spreadsheet's column letters (the template has fewer than 27 columns). */
const letter = (index: number) => String.fromCharCode(65 + index);

function sheetXml(): string {
  const rows: Array<Array<string | number>> = [
    headers(),
    ...STAY_TEMPLATE_EXAMPLES.map((line) =>
      STAY_COLUMNS.map((column) => (column === 'price' ? line.price / 100 : line[column])),
    ),
  ];
  const body = rows
    .map((cells, r) => {
      const xmlCells = cells
        .map((cell, c) => {
          const ref = `${letter(c)}${r + 1}`;
          if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
          if (cell === '') return '';
          return `<c r="${ref}" t="inlineStr"><is><t>${xml(cell)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xmlCells}</row>`;
    })
    .join('');
  const widths = STAY_COLUMNS.map(
    (_, c) => `<col min="${c + 1}" max="${c + 1}" width="18" customWidth="1"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cols>${widths.join('')}</cols><sheetData>${body}</sheetData></worksheet>`;
}

const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOCUMENT_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The XLSX's bytes: the smallest package Excel, LibreOffice and the import's own reader open. */
export async function templateXlsx(): Promise<Uint8Array> {
  const { strToU8, zipSync } = await import('fflate');
  const files: Record<string, string> = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${DOCUMENT_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${DOCUMENT_RELS}"><sheets><sheet name="Séjours" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${DOCUMENT_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': sheetXml(),
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}
