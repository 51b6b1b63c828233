import { Alert, Anchor, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  type EstablishmentType,
  establishmentTypeInfo,
  establishmentTypesByRank,
  formatEuros,
  type PricingTable,
  type Stay,
  simulateStayFor,
} from '@sejour/domain';
import { Link } from 'react-router';
import { z } from 'zod';
import { Form, formatDate, LoginCard, NumberField, SelectField, useFormValues, useKitForm } from '../ui';
import { usePublicPricing } from './api';
import { TYPED_DECIMALS } from './form';
import { EXAMPLE, type StayFormValues, stayFormSchema, unitOf } from './TaxCalculator';
import { usePricingsTexts } from './texts';

interface SimulatorValues extends StayFormValues {
  type: EstablishmentType | '';
}

/**
 * The simulator's resolver: the calculator's stay rules, each message on the field that holds the wrong value.
 * The price is asked for unclassified accommodation only: hidden, it never blocks. No type chosen yet is no
 * error (the page asks for one), so the form opens unmarked.
 */
export const simulatorFormSchema: z.ZodType<Stay, SimulatorValues> = z
  .custom<SimulatorValues>()
  .transform(({ type, ...stay }): StayFormValues => (type === 'NONE' ? stay : { ...stay, pricePerNight: 0 }))
  .pipe(stayFormSchema);

/** The tax of one stay for one type, as the register computes a stay's nights; null when the stay is not valid. */
export function simulate(values: SimulatorValues, table: PricingTable) {
  if (!values.type) return null;
  const parsed = simulatorFormSchema.safeParse(values);
  if (!parsed.success) return null;
  const stay: Stay = parsed.data;
  const tax = simulateStayFor(stay, values.type, table);
  if (!tax) return null;
  const { unit, capped } = unitOf(tax);
  return { tax, unit, capped, perNight: unit * (stay.persons - stay.exempted) };
}

/**
 * `/simulateur` (public): a type and a stay, the tax per night and for the stay with the pricing in force
 * today, computed in the browser by the domain's engine — the computation the server makes.
 */
export function SimulatorPage() {
  const { t } = usePricingsTexts();
  const pricing = usePublicPricing();
  const form = useKitForm<SimulatorValues, Stay>({
    defaultValues: { ...EXAMPLE, type: '' },
    schema: simulatorFormSchema,
  });
  const values = useFormValues(form);
  const table = pricing.data ?? null;
  const result = table ? simulate(values, table) : null;
  const count = { required: true, allowNegative: false, allowDecimal: false, descriptionBelow: true };
  const typeSuggestions = establishmentTypesByRank().map((value) => ({
    value,
    text: establishmentTypeInfo[value].label,
  }));
  const help = values.type ? establishmentTypeInfo[values.type].covers : t('simulator.typeHint');

  return (
    <LoginCard
      logo={<img src="/logo.svg" alt="" width={56} height={56} />}
      title={t('simulator.title')}
      links={
        <>
          <Anchor component={Link} to="/public-form" size="sm">
            {t('simulator.register')}
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            {t('simulator.login')}
          </Anchor>
        </>
      }
    >
      <Text c="dimmed" size="sm" mt={-8}>
        {t('simulator.intro')}
      </Text>
      <Form form={form} onSubmit={() => {}} errorDisplay="immediate" aria-label={t('simulator.title')}>
        <SelectField
          name="type"
          label={t('simulator.type')}
          required
          suggestions={typeSuggestions}
          searchable={false}
          description={help}
          visibleItems={9}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <NumberField name="nights" label={t('calculator.nights')} {...count} />
          <NumberField name="persons" label={t('calculator.persons')} {...count} />
          <NumberField
            name="exempted"
            label={t('simulator.minors')}
            description={t('calculator.exemptedHelp')}
            {...count}
          />
          <NumberField
            name="pricePerNight"
            label={t('calculator.price')}
            description={t('simulator.priceHelp')}
            hidden={values.type !== 'NONE'}
            required
            allowNegative={false}
            decimals={TYPED_DECIMALS}
            descriptionBelow
            rightSection={<Text size="sm">€</Text>}
          />
        </SimpleGrid>
      </Form>
      {pricing.isPending ? (
        <Loader size="sm" role="status" aria-label={t('simulator.loading')} />
      ) : !table ? (
        <Alert color="gray" role="status">
          {pricing.error?.message ?? t('simulator.unavailable')}
        </Alert>
      ) : !result ? (
        <Alert color="gray" role="status">
          {t(values.type ? 'calculator.invalid' : 'simulator.chooseType')}
        </Alert>
      ) : (
        <Stack gap="xs" aria-live="polite">
          <Table variant="vertical" layout="fixed" aria-label={t('simulator.result')}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('simulator.unit')}</Table.Th>
                <Table.Td data-testid="simulator-unit">
                  {formatEuros(result.unit)}
                  {result.capped ? ` (${t('calculator.capped')})` : ''}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('simulator.perNight')}</Table.Th>
                <Table.Td data-testid="simulator-per-night">{formatEuros(result.perNight)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('simulator.total')}</Table.Th>
                <Table.Td data-testid="simulator-total" fw={700}>
                  {formatEuros(result.tax.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t('simulator.pricing', { begin: formatDate(table.beginDate), end: formatDate(table.endDate) })}
          </Text>
        </Stack>
      )}
    </LoginCard>
  );
}
