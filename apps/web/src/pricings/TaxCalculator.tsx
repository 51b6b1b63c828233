import { Alert, Paper, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import {
  type DeclarationTax,
  establishmentTypeInfo,
  formatEuros,
  validationMessages as m,
  type PricingTable,
  parseEurosToCents,
  type Stay,
  simulateStay,
} from '@sejour/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Pricings.module.css';

type StayField = 'nights' | 'persons' | 'exempted' | 'price';

/** The reference example of the law: 700 € for 7 nights, 4 persons of whom 2 minors. */
const EXAMPLE: Record<StayField, string> = { nights: '7', persons: '4', exempted: '2', price: '100,00' };

function readCount(text: string): number | string {
  const value = text.trim();
  if (value === '') return m.required();
  if (!/^\d{1,6}$/.test(value)) return m.number();
  return Number(value);
}

/** The stay typed, or the French message of each field that is wrong. */
function readStay(values: Record<StayField, string>): {
  stay: Stay | null;
  errors: Partial<Record<StayField, string>>;
} {
  const errors: Partial<Record<StayField, string>> = {};
  const nights = readCount(values.nights);
  const persons = readCount(values.persons);
  const exempted = readCount(values.exempted);
  const price = values.price.trim() === '' ? m.required() : (parseEurosToCents(values.price) ?? m.number());
  if (typeof nights === 'string') errors.nights = nights;
  if (typeof persons === 'string') errors.persons = persons;
  if (typeof exempted === 'string') errors.exempted = exempted;
  if (typeof price === 'string') errors.price = price;
  else if (price < 0) errors.price = m.min(0);
  if (typeof exempted === 'number' && typeof persons === 'number' && exempted > persons) {
    errors.exempted = m.max(persons);
  }
  if (Object.keys(errors).length > 0) return { stay: null, errors };
  return {
    stay: {
      nights: nights as number,
      persons: persons as number,
      exempted: exempted as number,
      pricePerNight: price as number,
    },
    errors,
  };
}

/** The unit tariff charged per taxable person-night (community + departmental). */
function unitOf(tax: DeclarationTax): { unit: number; capped: boolean } {
  if (tax.regime === 'classified') return { unit: tax.tariffs.cc + tax.tariffs.moselle, capped: false };
  const band = tax.bands.inf.nights > 0 ? tax.bands.inf : tax.bands.sup;
  return { unit: band.tariffs.cc + band.tariffs.moselle, capped: band.capped };
}

/**
 * A small simulator on the pricing detail: a stay typed, its tax for each type, with the table being edited
 * and the domain's engine — the very computation the server makes for a declaration.
 */
export function TaxCalculator({ table }: { table: PricingTable | null }) {
  const { t } = useTranslation('pricings');
  const [values, setValues] = useState(EXAMPLE);
  const { stay, errors } = readStay(values);
  const results = stay && table ? simulateStay(stay, table) : null;

  const input = (field: StayField, props: { label: string; description?: string; suffix?: string }) => (
    <TextInput
      label={props.label}
      description={props.description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={values[field]}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setValues((current) => ({ ...current, [field]: text }));
      }}
      error={errors[field]}
      inputMode={field === 'price' ? 'decimal' : 'numeric'}
      autoComplete="off"
      rightSection={props.suffix ? <Text size="sm">{props.suffix}</Text> : undefined}
    />
  );

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="calculator-title">
      <Title order={2} size="h3" id="calculator-title">
        {t('calculator.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('calculator.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="md">
        {input('nights', { label: t('calculator.nights') })}
        {input('persons', { label: t('calculator.persons') })}
        {input('exempted', { label: t('calculator.exempted'), description: t('calculator.exemptedHelp') })}
        {input('price', {
          label: t('calculator.price'),
          description: t('calculator.priceHelp'),
          suffix: '€',
        })}
      </SimpleGrid>
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
