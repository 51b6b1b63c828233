import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { Period } from '@sejour/domain';
import { NumberField } from '../ui/fields/NumberField';
import { ComponentsEditor } from './ComponentsEditor';
import { ForfaitEditor } from './ForfaitEditor';
import { type PricingFormValues, TYPED_DECIMALS } from './form';
import { PeriodsEditor } from './PeriodsEditor';
import { usePricingsTexts } from './texts';

interface Props {
  /** The period whose legal rates are shown. */
  period: Period;
  periods: PricingFormValues['collectionPeriods'];
  forfait: PricingFormValues['forfait'];
  readOnly: boolean;
}

/**
 * The deliberation beyond the grid: the additional taxes, the collection periods, the low-rent threshold, the
 * natures taxed au forfait.
 */
export function DeliberationSections({ period, periods, forfait, readOnly }: Props) {
  const { t } = usePricingsTexts();
  return (
    <>
      <Paper component="section" withBorder p="md" aria-labelledby="pricing-components-title">
        <Title order={2} size="h3" id="pricing-components-title">
          {t('components.title')}
        </Title>
        <Text c="dimmed" size="sm" mb="sm">
          {t('components.intro')}
        </Text>
        <ComponentsEditor period={period} readOnly={readOnly} />
      </Paper>

      <Paper component="section" withBorder p="md" aria-labelledby="pricing-periods-title">
        <Title order={2} size="h3" id="pricing-periods-title">
          {t('periods.title')}
        </Title>
        <Text c="dimmed" size="sm" mb="sm">
          {t('periods.intro')}
        </Text>
        <PeriodsEditor periods={periods} readOnly={readOnly} />
      </Paper>

      <Paper component="section" withBorder p="md" aria-labelledby="pricing-low-rent-title">
        <Title order={2} size="h3" id="pricing-low-rent-title" mb="sm">
          {t('lowRent.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberField
            name="lowRentThreshold"
            label={t('lowRent.label')}
            description={t('lowRent.help')}
            readOnly={readOnly}
            allowNegative={false}
            decimals={TYPED_DECIMALS}
            rightSection={<Text size="sm">€</Text>}
          />
        </SimpleGrid>
      </Paper>

      <Paper component="section" withBorder p="md" aria-labelledby="pricing-forfait-title">
        <Title order={2} size="h3" id="pricing-forfait-title">
          {t('forfait.title')}
        </Title>
        <Text c="dimmed" size="sm" mb="sm">
          {t('forfait.intro')}
        </Text>
        <ForfaitEditor forfait={forfait} readOnly={readOnly} />
      </Paper>
    </>
  );
}
