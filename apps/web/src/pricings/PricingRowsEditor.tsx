import { Text } from '@mantine/core';
import {
  CLASSIFIED_ESTABLISHMENT_TYPES,
  classifiedRow,
  type EstablishmentType,
  establishmentTypeInfo,
  establishmentTypesByRank,
  formatBasisPoints,
  formatEuros,
  type Period,
  type YearBounds,
} from '@sejour/domain';
import { NumberField } from '../ui/fields/NumberField';
import {
  inApiUnit,
  type PricingField,
  type PricingFormValues,
  rowBounds,
  rowField,
  rowValue,
  TYPED_DECIMALS,
} from './form';
import classes from './Pricings.module.css';
import { usePricingsTexts } from './texts';

interface Props {
  /** The form's values, for the computed columns. */
  values: PricingFormValues;
  /** The period whose legal bounds are shown. */
  period: Period;
  /** The years a superadmin entered beside the shipped ones. */
  entered: readonly YearBounds[];
  readOnly: boolean;
}

/** The row inputs, in rank order. */
export const PRICING_ROW_FIELDS: PricingField[] = establishmentTypesByRank().map(rowField);

function fieldId(field: PricingField): string {
  return `pricing-${field.replaceAll('.', '-')}`;
}

/**
 * One row per establishment type in rank order: the community tariff typed (a rate for NONE), the legal
 * bounds of the period right under it (its description, read out with the field), and the departmental and
 * total columns computed while typing with the domain's own functions (the server recomputes them the same way).
 */
export function PricingRowsEditor({ values, period, entered, readOnly }: Props) {
  const { t } = usePricingsTexts();
  const departmentalRate = inApiUnit(values.departmentalRate);
  const tariffs = CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => rowValue(values.rows, type));
  const cap = tariffs.every((v): v is number => v !== null) ? Math.max(...tariffs) : null;

  return (
    <div className={classes.rows}>
      <div className={`${classes.row} ${classes.head}`} aria-hidden>
        <span>{t('detail.columns.category')}</span>
        <span>{t('detail.columns.tariff')}</span>
        <span className={classes.amount}>{t('detail.columns.departmental')}</span>
        <span className={classes.amount}>{t('detail.columns.total')}</span>
      </div>
      {establishmentTypesByRank().map((type) => {
        const field = rowField(type);
        const id = fieldId(field);
        const info = establishmentTypeInfo[type];
        const value = rowValue(values.rows, type);
        const computed =
          type !== 'NONE' && value !== null && departmentalRate !== null
            ? classifiedRow(value, departmentalRate)
            : null;
        return (
          <div key={type} className={classes.row} data-type={type}>
            {/* The asterisk stays outside the label: the input's name is the category alone. */}
            <span className={classes.category}>
              <label htmlFor={id} title={info.covers}>
                {info.label}
              </label>
              {!readOnly && (
                <span className={classes.asterisk} aria-hidden>
                  {' *'}
                </span>
              )}
            </span>
            <div className={classes.input}>
              <NumberField
                id={id}
                name={field}
                label={undefined}
                required={!readOnly}
                readOnly={readOnly}
                allowNegative={false}
                decimals={TYPED_DECIMALS}
                rightSection={<Text size="sm">{type === 'NONE' ? '%' : '€'}</Text>}
                description={<BoundsText type={type} period={period} entered={entered} />}
                descriptionBelow
              />
            </div>
            {type === 'NONE' ? (
              <>
                <Text size="sm" className={classes.amount}>
                  <span className={classes.cellLabel}>{t('detail.columns.departmental')}</span>
                  {departmentalRate === null
                    ? '—'
                    : t('detail.noneDepartmental', { rate: formatBasisPoints(departmentalRate) })}
                </Text>
                <Text
                  size="sm"
                  className={`${classes.amount} ${classes.total}`}
                  title={t('detail.noneCapHelp')}
                >
                  {t('detail.noneCap', { cap: cap === null ? '—' : formatEuros(cap) })}
                </Text>
              </>
            ) : (
              <>
                <Text size="sm" className={classes.amount} data-column="departmental">
                  <span className={classes.cellLabel}>{t('detail.columns.departmental')}</span>
                  {computed ? formatEuros(computed.departmental) : '—'}
                </Text>
                <Text size="sm" className={`${classes.amount} ${classes.total}`} data-column="total">
                  <span className={classes.cellLabel}>{t('detail.columns.total')}</span>
                  {computed ? formatEuros(computed.total) : '—'}
                </Text>
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}

function BoundsText({
  type,
  period,
  entered,
}: {
  type: EstablishmentType;
  period: Period;
  entered: readonly YearBounds[];
}) {
  const { t } = usePricingsTexts();
  const bounds = rowBounds(type, period, entered);
  const years = bounds.years.join('–');
  if (bounds.kind === 'missing') return <>{t('detail.boundsMissing', { years })}</>;
  const format = type === 'NONE' ? formatBasisPoints : formatEuros;
  if (bounds.min === bounds.max) return <>{t('detail.boundsFixed', { years, value: format(bounds.min) })}</>;
  return <>{t('detail.bounds', { years, min: format(bounds.min), max: format(bounds.max) })}</>;
}
