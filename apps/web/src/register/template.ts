import {
  csvAmount,
  csvFile,
  SPREADSHEET_CSV_SEPARATOR,
  STAY_COLUMN_LABELS,
  STAY_COLUMNS,
  STAY_TEMPLATE_EXAMPLES,
} from '@sejour/domain';
import { fromHundredths } from '../ui/hundredths';
import { xlsxFile } from '../ui/spreadsheet/xlsx';

/**
 * The import's template, built in the browser from the domain's columns and example lines (the names the
 * import recognises): a CSV for French Excel (semicolons, BOM, decimal commas) and a one-sheet XLSX (the kit's
 * writer, loaded only when the XLSX is asked for).
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

/** The XLSX's bytes: the header and the example lines, prices as numbers of euros. */
export function templateXlsx(): Promise<Uint8Array> {
  return xlsxFile('Séjours', [
    headers(),
    ...STAY_TEMPLATE_EXAMPLES.map((line) =>
      STAY_COLUMNS.map((column) => (column === 'price' ? fromHundredths(line.price) : line[column])),
    ),
  ]);
}
