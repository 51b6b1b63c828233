import { REQUIRED_STAY_COLUMNS, STAY_COLUMN_LABELS, STAY_COLUMNS } from '@sejour/domain';
import { SpreadsheetTemplate } from '../ui/spreadsheet/SpreadsheetTemplate';
import { TEMPLATE_NAME, templateCsv, templateXlsx } from './template';
import { useRegisterTexts } from './texts';

/** The stays' template to download and what each column holds, before any file is chosen. */
export function ImportTemplate() {
  const { t } = useRegisterTexts();
  return (
    <SpreadsheetTemplate
      texts={{
        title: t('import.template'),
        csv: t('import.templateCsv'),
        xlsx: t('import.templateXlsx'),
        failed: t('import.templateFailed'),
        columnsTitle: t('import.columnsTitle'),
        required: t('import.required'),
        optional: t('import.optional'),
      }}
      columns={STAY_COLUMNS}
      labels={STAY_COLUMN_LABELS}
      required={REQUIRED_STAY_COLUMNS}
      describe={(column) => t(`import.columns.${column}`)}
      name={TEMPLATE_NAME}
      csv={templateCsv}
      xlsx={templateXlsx}
      testId="import-columns"
    />
  );
}
