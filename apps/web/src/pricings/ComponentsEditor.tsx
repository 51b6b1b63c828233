import { Text } from '@mantine/core';
import {
  COMPONENT_KINDS,
  type ComponentKind,
  componentInfo,
  formatBasisPoints,
  type Period,
} from '@sejour/domain';
import { CheckboxField } from '../ui/fields/CheckboxField';
import { NumberField } from '../ui/fields/NumberField';
import { TextField } from '../ui/fields/TextField';
import { componentLegalRates, componentRateField } from './deliberation-form';
import { TYPED_DECIMALS } from './form';
import classes from './Pricings.module.css';
import { usePricingsTexts } from './texts';

interface Props {
  /** The period whose legal rates are shown. */
  period: Period;
  readOnly: boolean;
}

/**
 * The additional taxes, one line each in the law's order: collected or not, the rate (named by the tax, as the
 * departmental rate always was), the beneficiary, and beside them the article and the rate the law sets for
 * each year of the period.
 */
export function ComponentsEditor({ period, readOnly }: Props) {
  const { t } = usePricingsTexts();
  return (
    <div className={classes.components}>
      {COMPONENT_KINDS.map((kind) => {
        const info = componentInfo[kind];
        const rateId = `pricing-component-${kind}-rate`;
        return (
          <div key={kind} className={classes.component} data-component={kind}>
            <label htmlFor={rateId} className={classes.category}>
              {info.label}
            </label>
            <CheckboxField
              name={`components.${kind}.enabled`}
              label={t('components.enabled')}
              readOnly={readOnly}
            />
            <NumberField
              id={rateId}
              name={componentRateField(kind)}
              label={undefined}
              readOnly={readOnly}
              allowNegative={false}
              decimals={TYPED_DECIMALS}
              rightSection={<Text size="sm">%</Text>}
              description={<LegalRate kind={kind} period={period} />}
              descriptionBelow
            />
            <TextField
              name={`components.${kind}.beneficiary`}
              label={t('components.beneficiary')}
              readOnly={readOnly}
            />
          </div>
        );
      })}
    </div>
  );
}

function LegalRate({ kind, period }: { kind: ComponentKind; period: Period }) {
  const { t } = usePricingsTexts();
  const rates = componentLegalRates(kind, period)
    .map(({ years, rate }) =>
      rate === null
        ? t('components.notInForce', { years: years.join('–') })
        : t('components.legalRate', { years: years.join('–'), rate: formatBasisPoints(rate) }),
    )
    .join(' ; ');
  return (
    <>
      {componentInfo[kind].legalBasis} · {rates}
    </>
  );
}
