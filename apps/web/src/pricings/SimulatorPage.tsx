import { Alert, Anchor, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  classificationsOf,
  componentInfo,
  type DeliberationTable,
  type EstablishmentType,
  establishmentTypeInfo,
  establishmentTypesByRank,
  formatEuros,
  isoDateIn,
  NATURES,
  type Nature,
  natureInfo,
  type Stay,
  starsLabel,
} from '@sejour/domain';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Form, formatDate, LoginCard, NumberField, SelectField, useFormValues, useKitForm } from '../ui';
import { usePublicPricing } from './api';
import { deliberationTableOf, simulateDeliberationStay, unitLinesOf } from './deliberationOfPricing';
import { TYPED_DECIMALS } from './form';
import { isForfaitChoice, isNature, rowOfChoice } from './natureRow';
import { EXAMPLE, type StayFormValues, stayFormSchema } from './TaxCalculator';
import { usePricingsTexts } from './texts';

interface SimulatorValues extends StayFormValues {
  type: EstablishmentType | '';
  /** What the accommodation is, and its stars (text, as a select gives them); empty: the row is picked. */
  nature?: Nature | '';
  stars?: string;
}

/**
 * The simulator's resolver: the calculator's stay rules, each message on the field that holds the wrong value.
 * The price is asked for unclassified accommodation only: hidden, it never blocks. No type chosen yet is no
 * error (the page asks for one), so the form opens unmarked.
 */
export const simulatorFormSchema: z.ZodType<Stay, SimulatorValues> = z
  .custom<SimulatorValues>()
  .transform(
    ({ type, nature: _nature, stars: _stars, ...stay }): StayFormValues =>
      type === 'NONE' ? stay : { ...stay, pricePerNight: 0 },
  )
  .pipe(stayFormSchema);

/** The stay arrives today, or within the deliberation's period when today is outside it. */
function arrivalIn(table: DeliberationTable): string {
  const today = isoDateIn(new Date());
  if (today < table.beginDate) return table.beginDate;
  return today > table.endDate ? table.endDate : today;
}

/**
 * The tax of one stay for one row under the deliberation, as the register computes a stay's nights: the base
 * and each component per person-night and for the stay; null when the stay is not valid.
 */
export function simulate(values: SimulatorValues, table: DeliberationTable, arrival = arrivalIn(table)) {
  if (!values.type) return null;
  const parsed = simulatorFormSchema.safeParse(values);
  if (!parsed.success) return null;
  const stay: Stay = parsed.data;
  const result = simulateDeliberationStay(stay, values.type, table, arrival);
  const { lines, capped } = unitLinesOf(result);
  const unit = lines.reduce((sum, line) => sum + line.unit, 0);
  const amounts = [
    { kind: 'BASE' as const, amount: result.tax.base },
    ...result.tax.components.map((c) => ({ kind: c.kind, amount: c.amount })),
  ];
  const parts = lines.map((line, i) => ({ ...line, amount: amounts[i]?.amount ?? 0 }));
  return { tax: result.tax, unit, capped, parts, perNight: unit * (stay.persons - stay.exempted) };
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
  const table = useMemo(() => (pricing.data ? deliberationTableOf(pricing.data) : null), [pricing.data]);
  // A nature au forfait is not taxed by the stay: its host declares capacity and nights open instead.
  const forfait = table !== null && isForfaitChoice(values, table.forfait);
  const result = table && !forfait ? simulate(values, table) : null;
  const row = rowOfChoice(values);
  const nature = isNature(values.nature) ? values.nature : null;
  const starsChoices = useMemo(
    () =>
      nature && natureInfo[nature].stars.length > 0
        ? classificationsOf(nature).map((stars) =>
            stars === null
              ? { value: '', text: t('simulator.unclassified') }
              : { value: String(stars), text: starsLabel(stars) },
          )
        : [],
    [nature, t],
  );
  // The row follows the nature and classification; a classification the nature cannot have is dropped.
  useEffect(() => {
    if (row && form.getValues().type !== row) form.setValue('type', row);
  }, [form, row]);
  useEffect(() => {
    const stars = form.getValues().stars;
    if (stars && !starsChoices.some((choice) => choice.value === stars)) form.setValue('stars', '');
  }, [form, starsChoices]);
  const natureSuggestions = [
    { value: '', text: t('simulator.natureUnset') },
    ...NATURES.map((value) => ({ value, text: natureInfo[value].label })),
  ];
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
          name="nature"
          label={t('simulator.nature')}
          suggestions={natureSuggestions}
          searchable={false}
          visibleItems={9}
        />
        {starsChoices.length > 0 && (
          <SelectField
            name="stars"
            label={t('simulator.stars')}
            suggestions={starsChoices}
            searchable={false}
          />
        )}
        {row ? (
          <Text size="sm" data-testid="simulator-row">
            {t('simulator.row', { row: establishmentTypeInfo[row].label })}
          </Text>
        ) : (
          <SelectField
            name="type"
            label={t('simulator.type')}
            required
            suggestions={typeSuggestions}
            searchable={false}
            description={help}
            visibleItems={9}
          />
        )}
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
      ) : forfait ? (
        <Alert color="blue" role="status">
          {t('calculator.forfait')}
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
              {result.parts.length > 1 &&
                result.parts.map((part) => (
                  <Table.Tr key={part.kind} data-part={part.kind}>
                    <Table.Th fw={400} pl="lg">
                      {part.kind === 'BASE' ? t('simulator.base') : componentInfo[part.kind].label}
                    </Table.Th>
                    <Table.Td>
                      {t('simulator.partUnit', {
                        unit: formatEuros(part.unit),
                        amount: formatEuros(part.amount),
                      })}
                    </Table.Td>
                  </Table.Tr>
                ))}
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
