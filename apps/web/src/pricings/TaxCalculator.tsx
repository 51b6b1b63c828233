// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/Table.css';
import { Alert, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import {
  classificationsOf,
  componentInfo,
  type DeclarationTax,
  ESTABLISHMENT_TYPES,
  establishmentTypeInfo,
  formatEuros,
  NATURES,
  type Nature,
  natureInfo,
  type PricingTable,
  type Stay,
  starsLabel,
  staySchema,
} from '@sejour/domain';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { NumberField } from '../ui/fields/NumberField';
import { SelectField } from '../ui/fields/SelectField';
import { useFormValues, useKitForm } from '../ui/form/engine';
import { Form } from '../ui/form/Form';
import {
  type DeliberationParts,
  deliberationTableOf,
  simulateDeliberationStay,
  unitLinesOf,
} from './deliberationOfPricing';
import { inApiUnit, TYPED_DECIMALS } from './form';
import { isForfaitChoice, rowOfChoice } from './natureRow';
import classes from './Pricings.module.css';
import { usePricingsTexts } from './texts';

/** The calculator's fields, named as the stay's so that each message lands on its field; null while empty. */
export interface StayFormValues {
  nights: number | null;
  persons: number | null;
  exempted: number | null;
  /** Euros, as typed. */
  pricePerNight: number | null;
}

/** The reference example of the law: 700 € for 7 nights, 4 persons of whom 2 minors. */
export const EXAMPLE: StayFormValues = { nights: 7, persons: 4, exempted: 2, pricePerNight: 100 };

/**
 * The form's resolver: the price turned into cents, then the domain's stay rules (`staySchema`): whole
 * counts, no more exempted persons than persons, a price of zero or more.
 */
export const stayFormSchema: z.ZodType<Stay, StayFormValues> = z
  .custom<StayFormValues>()
  .transform((values) => ({
    ...values,
    // Empty stays empty (the schema asks for it); a price that is not a number stays one.
    pricePerNight:
      values.pricePerNight === null || Number.isNaN(values.pricePerNight)
        ? values.pricePerNight
        : inApiUnit(values.pricePerNight),
  }))
  .pipe(staySchema);

/** The stay typed, or null while a field is empty or wrong (each field then says why). */
function readStay(values: StayFormValues): Stay | null {
  const parsed = stayFormSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

/** The unit tariff charged per taxable person-night (community + departmental). */
export function unitOf(tax: DeclarationTax): { unit: number; capped: boolean } {
  if (tax.regime === 'classified') return { unit: tax.tariffs.cc + tax.tariffs.moselle, capped: false };
  const band = tax.bands.inf.nights > 0 ? tax.bands.inf : tax.bands.sup;
  return { unit: band.tariffs.cc + band.tariffs.moselle, capped: band.capped };
}

/**
 * A small simulator on the pricing detail: a stay typed, its tax for each type, with the table being edited
 * and the domain's engine — the very computation the server makes for a declaration.
 */
export function TaxCalculator({
  table,
}: {
  table: (PricingTable & { deliberation?: DeliberationParts }) | null;
}) {
  const { t } = usePricingsTexts();
  const form = useKitForm<StayFormValues, Stay>({ defaultValues: EXAMPLE, schema: stayFormSchema });
  const stay = readStay(useFormValues(form));
  const [nature, setNature] = useState<string | null>(null);
  const [stars, setStars] = useState<string | null>(null);
  const chosen = NATURES.find((value) => value === nature) ?? null;
  const starsChoices = useMemo(
    () => (chosen ? starsSuggestionsOf(chosen, t('simulator.unclassified')) : []),
    [chosen, t],
  );
  const row = rowOfChoice({ nature: chosen ?? '', stars: stars ?? '' });
  const deliberation = useMemo(() => (table ? deliberationTableOf(table) : null), [table]);
  // A nature au forfait is not taxed by the stay: its host declares capacity and nights open instead.
  const forfait =
    deliberation !== null &&
    isForfaitChoice({ nature: chosen ?? '', stars: stars ?? '' }, deliberation.forfait);
  const components = deliberation?.components ?? [];
  const results =
    stay && deliberation && !forfait
      ? (row ? [row] : ESTABLISHMENT_TYPES).map((type) => {
          const result = simulateDeliberationStay(stay, type, deliberation, deliberation.beginDate);
          const { lines, capped } = unitLinesOf(result);
          return { type, result, capped, unit: lines.reduce((sum, line) => sum + line.unit, 0) };
        })
      : null;
  // The typing rules of the fields; what is allowed is the schema's.
  const count = { required: true, allowNegative: false, allowDecimal: false, descriptionBelow: true };

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="calculator-title">
      <Title order={2} size="h3" id="calculator-title">
        {t('calculator.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('calculator.intro')}
      </Text>
      {/* Nothing to send: the form only checks what is typed, at each change. */}
      <Form form={form} onSubmit={() => {}} errorDisplay="immediate" aria-labelledby="calculator-title">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="md">
          <NumberField name="nights" label={t('calculator.nights')} {...count} />
          <NumberField name="persons" label={t('calculator.persons')} {...count} />
          <NumberField
            name="exempted"
            label={t('calculator.exempted')}
            description={t('calculator.exemptedHelp')}
            {...count}
          />
          <NumberField
            name="pricePerNight"
            label={t('calculator.price')}
            description={t('calculator.priceHelp')}
            required
            allowNegative={false}
            decimals={TYPED_DECIMALS}
            descriptionBelow
            rightSection={<Text size="sm">€</Text>}
          />
        </SimpleGrid>
      </Form>
      <SimpleGrid cols={{ base: 1, xs: 2 }} mb="md">
        <SelectField
          name="calculator-nature"
          label={t('simulator.nature')}
          suggestions={[
            { value: '', text: t('calculator.everyRow') },
            ...NATURES.map((value) => ({ value, text: natureInfo[value].label })),
          ]}
          searchable={false}
          value={nature ?? ''}
          onValueChange={(value) => {
            setNature(value || null);
            setStars(null);
          }}
          visibleItems={9}
        />
        {starsChoices.length > 0 && (
          <SelectField
            name="calculator-stars"
            label={t('simulator.stars')}
            suggestions={starsChoices}
            searchable={false}
            value={stars ?? ''}
            onValueChange={(value) => setStars(value || null)}
          />
        )}
      </SimpleGrid>
      {row && (
        <Text size="sm" mb="sm">
          {t('simulator.row', { row: establishmentTypeInfo[row].label })}
        </Text>
      )}
      {!table ? (
        <Alert color="gray">{t('calculator.incomplete')}</Alert>
      ) : forfait ? (
        <Alert color="blue">{t('calculator.forfait')}</Alert>
      ) : !results ? (
        <Alert color="gray">{t('calculator.invalid')}</Alert>
      ) : (
        <div className={classes.stack}>
          <Table
            verticalSpacing="xs"
            className={classes.stackTable}
            aria-label={t('calculator.caption')}
            data-testid="calculator-results"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('calculator.columns.category')}</Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  {t('calculator.columns.unit')}
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  {t('calculator.columns.taxable')}
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  {t('calculator.columns.cc')}
                </Table.Th>
                {components.map(({ kind }) => (
                  <Table.Th key={kind} scope="col" className={classes.num}>
                    {kind === 'DEPARTMENTAL' ? t('calculator.columns.moselle') : componentInfo[kind].label}
                  </Table.Th>
                ))}
                <Table.Th scope="col" className={classes.num}>
                  {t('calculator.columns.total')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map(({ type, result, unit, capped }) => {
                const { tax } = result;
                return (
                  <Table.Tr key={type} data-type={type}>
                    <Table.Th scope="row" fw={500} data-primary>
                      {establishmentTypeInfo[type].label}
                    </Table.Th>
                    <Table.Td className={classes.num} data-label={t('calculator.columns.unit')}>
                      {formatEuros(unit)}
                      {capped && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          ({t('calculator.capped')})
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td className={classes.num} data-label={t('calculator.columns.taxable')}>
                      {tax.taxableNights}
                    </Table.Td>
                    <Table.Td className={classes.num} data-label={t('calculator.columns.cc')}>
                      {formatEuros(tax.base)}
                    </Table.Td>
                    {components.map(({ kind }) => (
                      <Table.Td
                        key={kind}
                        className={classes.num}
                        data-label={
                          kind === 'DEPARTMENTAL'
                            ? t('calculator.columns.moselle')
                            : componentInfo[kind].label
                        }
                      >
                        {formatEuros(tax.components.find((c) => c.kind === kind)?.amount ?? 0)}
                      </Table.Td>
                    ))}
                    <Table.Td className={classes.num} fw={600} data-label={t('calculator.columns.total')}>
                      {formatEuros(tax.total)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}

/** The classifications a nature allows, the highest first; none when it has no star scheme. */
function starsSuggestionsOf(nature: Nature, unclassified: string) {
  if (natureInfo[nature].stars.length === 0) return [];
  return classificationsOf(nature).map((value) =>
    value === null ? { value: '', text: unclassified } : { value: String(value), text: starsLabel(value) },
  );
}
