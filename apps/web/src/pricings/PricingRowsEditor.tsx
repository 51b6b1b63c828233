import { Text } from '@mantine/core';
import {
  CLASSIFIED_ESTABLISHMENT_TYPES,
  COMPONENT_KINDS,
  type ComponentKind,
  componentInfo,
  type EstablishmentType,
  establishmentTypeInfo,
  establishmentTypesByRank,
  formatBasisPoints,
  formatEuros,
  type Period,
  unitCharge,
  type YearBounds,
} from '@sejour/domain';
import type { CSSProperties } from 'react';
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

/** The components collected, in the law's order, with their rate typed (null while it is not a number). */
function collected(values: PricingFormValues): Array<{ kind: ComponentKind; rate: number | null }> {
  return COMPONENT_KINDS.filter((kind) => values.components?.[kind]?.enabled).map((kind) => ({
    kind,
    rate: inApiUnit(kind === 'DEPARTMENTAL' ? values.departmentalRate : values.components[kind].rate),
  }));
}

/** The column of a component's unit; the departmental one keeps the name it always had. */
const columnOf = (kind: ComponentKind) => (kind === 'DEPARTMENTAL' ? 'departmental' : kind);

/**
 * One row per establishment type in rank order: the community tariff typed (a rate for NONE), the legal
 * bounds of the period right under it (its description, read out with the field), then each collected
 * component's unit and the total, computed while typing with the domain's own functions (each component
 * rounded on its own, as the server computes them).
 */
export function PricingRowsEditor({ values, period, entered, readOnly }: Props) {
  const { t } = usePricingsTexts();
  const components = collected(values);
  const rates = components.every((c): c is { kind: ComponentKind; rate: number } => c.rate !== null)
    ? components
    : null;
  const tariffs = CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => rowValue(values.rows, type));
  const cap = tariffs.every((v): v is number => v !== null) ? Math.max(...tariffs) : null;
  const columns = { '--amount-columns': components.length + 1 } as CSSProperties;
  const header = (kind: ComponentKind) =>
    kind === 'DEPARTMENTAL' ? t('detail.columns.departmental') : componentInfo[kind].label;

  return (
    <div className={classes.rows} style={columns}>
      <div className={`${classes.row} ${classes.head}`} aria-hidden>
        <span>{t('detail.columns.category')}</span>
        <span>{t('detail.columns.tariff')}</span>
        {components.map(({ kind }) => (
          <span key={kind} className={classes.amount}>
            {header(kind)}
          </span>
        ))}
        <span className={classes.amount}>{t('detail.columns.total')}</span>
      </div>
      {establishmentTypesByRank().map((type) => {
        const field = rowField(type);
        const id = fieldId(field);
        const info = establishmentTypeInfo[type];
        const value = rowValue(values.rows, type);
        const computed = type !== 'NONE' && value !== null && rates ? unitCharge(value, rates) : null;
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
                {components.map(({ kind, rate }) => (
                  <Text key={kind} size="sm" className={classes.amount}>
                    <span className={classes.cellLabel}>{header(kind)}</span>
                    {rate === null ? '—' : t('detail.noneDepartmental', { rate: formatBasisPoints(rate) })}
                  </Text>
                ))}
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
                {components.map(({ kind }, index) => (
                  <Text key={kind} size="sm" className={classes.amount} data-column={columnOf(kind)}>
                    <span className={classes.cellLabel}>{header(kind)}</span>
                    {computed ? formatEuros(computed.components[index]!.unit) : '—'}
                  </Text>
                ))}
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
