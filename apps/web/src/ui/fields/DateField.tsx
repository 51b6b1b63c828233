import '@mantine/dates/styles.css';
import 'dayjs/locale/fr';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { parseFrenchDate } from './dates';

export interface DateFieldProps extends FieldProps {
  /** ISO dates `yyyy-mm-dd`. */
  minDate?: string;
  maxDate?: string;
  /** Default true: a button empties the field. */
  clearable?: boolean;
}

function DateFieldBody(props: DateFieldProps) {
  const { t } = useTranslation('ui');
  const field = useField<string | null>(props);
  if (field.hidden) return null;
  return (
    <FieldFrame {...field.frame}>
      <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
        <DateInput
          {...field.input}
          placeholder={props.placeholder ?? t('date.placeholder')}
          valueFormat="DD/MM/YYYY"
          dateParser={parseFrenchDate}
          clearable={!props.readOnly && (props.clearable ?? true)}
          clearButtonProps={{ 'aria-label': t('date.clear') }}
          minDate={props.minDate}
          maxDate={props.maxDate}
          value={field.value ?? null}
          onChange={(value) => field.setValue(value)}
          ariaLabels={{
            previousMonth: t('date.previousMonth'),
            nextMonth: t('date.nextMonth'),
            previousYear: t('date.previousYear'),
            nextYear: t('date.nextYear'),
            previousDecade: t('date.previousDecade'),
            nextDecade: t('date.nextDecade'),
          }}
          popoverProps={{ middlewares: { flip: true, shift: true } }}
        />
      </DatesProvider>
    </FieldFrame>
  );
}

/** A date typed as jj/mm/aaaa or picked on a French calendar (weeks from Monday); the value is `yyyy-mm-dd`. */
export const DateField = /*#__PURE__*/ standalone<string | null, DateFieldProps>(DateFieldBody, null);
