import { Input, TextInput } from '@mantine/core';
import { formatDate } from '@sejour/domain';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { useOnDemand } from '../on-demand';
import { dateCalendar } from './date-calendar-loader';
import { parseFrenchDate } from './dates';

export interface DateFieldProps extends FieldProps {
  /** ISO dates `yyyy-mm-dd`. */
  minDate?: string;
  maxDate?: string;
  /** Default true: a button empties the field. */
  clearable?: boolean;
  /**
   * A day (`yyyy-mm-dd`) of the month the calendar shows while the field is empty: the month the person is
   * working on (a list's filter, the arrival just chosen for a departure). Today's month when absent.
   */
  defaultMonth?: string | null | undefined;
}

/** "2026-01-31" → "31/01/2026"; nothing → "". */
function frenchDate(value: string | null): string {
  return value ? formatDate(value) : '';
}

function DateFieldBody(props: DateFieldProps) {
  const { t } = useTranslation('ui');
  const field = useField<string | null>(props);
  const value = field.value ?? null;
  const [text, setText] = useState(() => frenchDate(value));
  // The value this field set itself: a value from elsewhere (a reset, a copied table) rewrites the text, while
  // what the person typed stays as typed until the field loses the focus.
  const emitted = useRef<string | null>(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== emitted.current) setText(frenchDate(value));
    emitted.current = value;
  }
  const [opened, setOpened] = useState(false);
  const { module: calendar, need: needCalendar } = useOnDemand(dateCalendar);
  const inactive = Boolean(props.readOnly || field.states.disabled);
  // The calendar downloads when the field is about to be used (pointer down, focus), not with the screen; the
  // text input is there from the start and never waits for it, nor minds a failed download (tried again at
  // the next focus).
  const need = () => {
    if (inactive || calendar) return;
    needCalendar().catch(() => undefined);
  };
  const clearable = !props.readOnly && (props.clearable ?? true);
  const emit = (next: string | null) => {
    emitted.current = next;
    field.setValue(next);
  };
  if (field.hidden) return null;

  const dropdown =
    calendar && !inactive ? (
      <calendar.DateCalendar
        opened={opened}
        value={value}
        defaultMonth={props.defaultMonth ?? undefined}
        minDate={props.minDate}
        maxDate={props.maxDate}
        allowDeselect={clearable}
        onPick={(picked) => {
          emit(picked);
          setText(frenchDate(picked));
          setOpened(false);
        }}
        onClose={() => setOpened(false)}
      />
    ) : null;
  return (
    <FieldFrame {...field.frame}>
      <TextInput
        {...field.input}
        placeholder={props.placeholder ?? t('date.placeholder')}
        autoComplete="off"
        data-dates-input
        value={text}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          setOpened(true);
          if (typed.trim() === '') {
            if (clearable) emit(null);
            return;
          }
          const parsed = parseFrenchDate(typed);
          const inRange =
            parsed !== null &&
            (props.minDate === undefined || parsed >= props.minDate) &&
            (props.maxDate === undefined || parsed <= props.maxDate);
          if (inRange) emit(parsed);
        }}
        onFocus={() => {
          field.onFocus();
          setOpened(true);
          need();
        }}
        onBlur={() => {
          field.onBlur();
          setOpened(false);
          setText(frenchDate(emitted.current));
        }}
        onPointerDown={need}
        onClick={() => setOpened(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpened(false);
        }}
        // A form's untouched date may be '' rather than null: nothing to clear either way.
        __clearable={clearable && Boolean(value) && !field.states.disabled}
        __clearSection={
          <Input.ClearButton
            aria-label={t('date.clear')}
            onClick={() => {
              emit(null);
              setText('');
              setOpened(false);
            }}
          />
        }
        inputContainer={(children: ReactNode) => (
          <div style={{ position: 'relative' }}>
            {children}
            {dropdown}
          </div>
        )}
      />
    </FieldFrame>
  );
}

/** A date typed as jj/mm/aaaa or picked on a French calendar (weeks from Monday); the value is `yyyy-mm-dd`. */
export const DateField = /*#__PURE__*/ standalone<string | null, DateFieldProps>(DateFieldBody, null);
