import {
  csvFile,
  ONBOARDING_COLUMN_LABELS,
  ONBOARDING_COLUMNS,
  ONBOARDING_TEMPLATE_EXAMPLES,
  SPREADSHEET_CSV_SEPARATOR,
} from '@sejour/domain';
import { xlsxFile } from '../ui/spreadsheet/xlsx';

export const TEMPLATE_NAME = 'modele-import-hebergeurs';

/**
 * The import's template: the columns under the names the import recognises, and example lines (a provider with
 * two establishments, a provider alone), as a CSV for French Excel (semicolons, BOM) or an XLSX.
 */
const rows = () => [
  ONBOARDING_COLUMNS.map((column) => ONBOARDING_COLUMN_LABELS[column]),
  ...ONBOARDING_TEMPLATE_EXAMPLES.map((line) => ONBOARDING_COLUMNS.map((column) => line[column] ?? '')),
];

export function templateCsv(): string {
  const [header = [], ...lines] = rows();
  return csvFile(header, lines, SPREADSHEET_CSV_SEPARATOR);
}

export function templateXlsx(): Promise<Uint8Array> {
  return xlsxFile('Hébergeurs', rows());
}
