import {
  csvFile,
  ONBOARDING_COLUMN_LABELS,
  ONBOARDING_COLUMNS,
  ONBOARDING_TEMPLATE_EXAMPLES,
  SPREADSHEET_CSV_SEPARATOR,
} from '@sejour/domain';

export const TEMPLATE_NAME = 'modele-import-hebergeurs';

/**
 * The import's template: the columns under the names the import recognises, and example lines (a provider with
 * two establishments, a provider alone), as a CSV for French Excel (semicolons, BOM).
 */
export function templateCsv(): string {
  return csvFile(
    ONBOARDING_COLUMNS.map((column) => ONBOARDING_COLUMN_LABELS[column]),
    ONBOARDING_TEMPLATE_EXAMPLES.map((line) => ONBOARDING_COLUMNS.map((column) => line[column] ?? '')),
    SPREADSHEET_CSV_SEPARATOR,
  );
}
