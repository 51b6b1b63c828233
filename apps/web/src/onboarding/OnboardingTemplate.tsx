import { ONBOARDING_COLUMN_LABELS, ONBOARDING_COLUMNS, REQUIRED_ONBOARDING_COLUMNS } from '@sejour/domain';
import { SpreadsheetTemplate } from '../ui/spreadsheet/SpreadsheetTemplate';
import { TEMPLATE_NAME, templateCsv, templateXlsx } from './template';
import { useOnboardingTexts } from './texts';

/** The providers' template to download and what each column holds. */
export function OnboardingTemplate() {
  const { t } = useOnboardingTexts();
  return (
    <SpreadsheetTemplate
      texts={{
        title: t('template'),
        csv: t('templateCsv'),
        xlsx: t('templateXlsx'),
        failed: t('templateFailed'),
        columnsTitle: t('columnsTitle'),
        required: t('required'),
        optional: t('optional'),
      }}
      columns={ONBOARDING_COLUMNS}
      labels={ONBOARDING_COLUMN_LABELS}
      required={REQUIRED_ONBOARDING_COLUMNS}
      describe={(column) => t(`columns.${column}`)}
      name={TEMPLATE_NAME}
      csv={templateCsv}
      xlsx={templateXlsx}
      testId="onboarding-columns"
    />
  );
}
