// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/Table.css';
import { Alert, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import {
  type DeclarationTax,
  establishmentTypeInfo,
  formatEuros,
  type PricingTable,
  type Stay,
  simulateStay,
  staySchema,
} from '@sejour/domain';
import { z } from 'zod';
import { NumberField } from '../ui/fields/NumberField';
import { useFormValues, useKitForm } from '../ui/form/engine';
import { Form } from '../ui/form/Form';
import { inApiUnit, TYPED_DECIMALS } from './form';
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
export function TaxCalculator({ table }: { table: PricingTable | null }) {
  const { t } = usePricingsTexts();
  const form = useKitForm<StayFormValues, Stay>({ defaultValues: EXAMPLE, schema: stayFormSchema });
  const stay = readStay(useFormValues(form));
  const results = stay && table ? simulateStay(stay, table) : null;
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
      {!table ? (
        <Alert color="gray">{t('calculator.incomplete')}</Alert>
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
                <Table.Th scope="col" className={classes.num}>
                  {t('calculator.columns.moselle')}
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  {t('calculator.columns.total')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map(({ type, tax }) => {
                const { unit, capped } = unitOf(tax);
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
                      {formatEuros(tax.cc)}
                    </Table.Td>
                    <Table.Td className={classes.num} data-label={t('calculator.columns.moselle')}>
                      {formatEuros(tax.moselle)}
                    </Table.Td>
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
