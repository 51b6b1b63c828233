import { Text, TextInput } from '@mantine/core';
import {
  type BasisPoints,
  CLASSIFIED_ESTABLISHMENT_TYPES,
  classifiedRow,
  type EstablishmentType,
  establishmentTypeInfo,
  establishmentTypesByRank,
  formatBasisPoints,
  formatEuros,
  type Period,
} from '@sejour/domain';
import { useTranslation } from 'react-i18next';
import { type PricingField, parsedRowValue, rowBounds, rowField } from './form';
import classes from './Pricings.module.css';

interface Props {
  rows: Record<EstablishmentType, string>;
  /** The departmental rate typed, or null while it is not a number. */
  departmentalRate: BasisPoints | null;
  /** The period whose legal bounds are shown. */
  period: Period;
  readOnly: boolean;
  errorOf: (field: PricingField) => string | undefined;
  onChange: (type: EstablishmentType, text: string) => void;
  onBlur: (field: PricingField) => void;
}

export function fieldId(field: PricingField): string {
  return `pricing-${field.replaceAll('.', '-')}`;
}

/**
 * One row per establishment type in rank order: the community tariff typed (a rate for NONE), the legal
 * bounds of the period right under it (its description, read out with the field), and the departmental and total columns computed while typing with the
 * domain's own functions (the server recomputes them the same way).
 */
export function PricingRowsEditor({
  rows,
  departmentalRate,
  period,
  readOnly,
  errorOf,
  onChange,
  onBlur,
}: Props) {
  const { t } = useTranslation('pricings');
  const tariffs = CLASSIFIED_ESTABLISHMENT_TYPES.map((type) => parsedRowValue(type, rows[type]));
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
        const value = parsedRowValue(type, rows[type]);
        const computed =
          type !== 'NONE' && value !== null && departmentalRate !== null
            ? classifiedRow(value, departmentalRate)
            : null;
        return (
          <div key={type} className={classes.row} data-type={type}>
            <label htmlFor={id} className={classes.category} title={info.covers}>
              {info.label}
            </label>
            <TextInput
              id={id}
              className={classes.input}
              value={rows[type]}
              onChange={(event) => onChange(type, event.currentTarget.value)}
              onBlur={() => onBlur(field)}
              error={errorOf(field)}
              readOnly={readOnly}
              inputMode="decimal"
              autoComplete="off"
              rightSection={<Text size="sm">{type === 'NONE' ? '%' : '€'}</Text>}
              description={<BoundsText type={type} period={period} />}
              inputWrapperOrder={['input', 'description', 'error']}
            />
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

function BoundsText({ type, period }: { type: EstablishmentType; period: Period }) {
  const { t } = useTranslation('pricings');
  const bounds = rowBounds(type, period);
  const years = bounds.years.join('–');
  if (bounds.kind === 'missing') return <>{t('detail.boundsMissing', { years })}</>;
  const format = type === 'NONE' ? formatBasisPoints : formatEuros;
  if (bounds.min === bounds.max) return <>{t('detail.boundsFixed', { years, value: format(bounds.min) })}</>;
  return <>{t('detail.bounds', { years, min: format(bounds.min), max: format(bounds.max) })}</>;
}
