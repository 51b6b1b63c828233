import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import classes from './FieldFrame.module.css';
import type { FieldStates } from './useField';

/**
 * Around each field: its states as data attributes (`data-focused`, `data-touched`, `data-valid`,
 * `data-invalid`, `data-disabled`, `data-readonly`, `data-animate`), the "length / max" counter, and any
 * extra content under the input (a password's strength meter).
 */
export function FieldFrame(props: {
  name: string;
  states: FieldStates;
  counter?: { length: number; max: number };
  after?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('ui');
  const { states, counter } = props;
  const on = (flag: boolean) => (flag ? '' : undefined);
  return (
    <div
      className={classes.frame}
      data-field={props.name}
      data-focused={on(states.focused)}
      data-touched={on(states.touched)}
      data-valid={on(states.valid)}
      data-invalid={on(states.invalid)}
      data-disabled={on(states.disabled)}
      data-readonly={on(states.readOnly)}
      data-animate={on(states.animate)}
      data-over={on(Boolean(counter && counter.length > counter.max))}
    >
      {props.children}
      {counter && (
        <span
          className={classes.counter}
          data-testid={`${props.name}-counter`}
          title={t('field.counterLabel', counter)}
        >
          {t('field.counter', counter)}
        </span>
      )}
      {props.after}
    </div>
  );
}
