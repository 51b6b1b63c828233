import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LABEL_ANIMATION_DELAY_MS } from '../constants';
import { type ErrorDisplay, type FieldRegistration, useBinding, useFormEngine } from './engine';
import classes from './FieldFrame.module.css';
import { useSteadyWhilePressed } from './pointer-hold';
import { type Validator, validators as v } from './validators';

/** The props every kit field takes. */
export interface FieldProps {
  /** Path of the value in the form (`email`, `address.city`). */
  name: string;
  /** The input's id, when a label of the screen's own layout points at it (`<label htmlFor>`). */
  id?: string;
  label: ReactNode;
  description?: ReactNode;
  /** The description under the input rather than between label and input. */
  descriptionBelow?: boolean;
  placeholder?: string;
  /** Adds the `required` validator (first) and the asterisk. */
  required?: boolean;
  /** Checked in order; only the first failing one's message shows. */
  validators?: readonly Validator[];
  /** Overrides the form's (`debounce`), or the standalone default (`immediate`). */
  errorDisplay?: ErrorDisplay;
  /** Not shown, and skipped by validation. */
  hidden?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
}

/** The field states. */
export interface FieldStates {
  focused: boolean;
  touched: boolean;
  valid: boolean;
  invalid: boolean;
  disabled: boolean;
  readOnly: boolean;
  /** True 200 ms after mounting: labels may animate from then on. */
  animate: boolean;
}

function useDelayedFlag(delay: number): boolean {
  const [flag, setFlag] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setFlag(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return flag;
}

/**
 * Connects a field to its form: value, validators (registered for submission), validation on the
 * schedule of its error display mode, the error to show, the states, and the Mantine props they make.
 */
export function useField<V>(
  props: FieldProps,
  own: {
    validators?: readonly Validator[];
    maxLength?: number;
    /** See `FieldRegistration.pendingValue`. */
    pendingValue?: () => Promise<unknown> | undefined;
  } = {},
) {
  const engine = useFormEngine();
  const list = [
    ...(props.required ? [v.required()] : []),
    ...(own.validators ?? []),
    ...(props.validators ?? []),
  ];
  const [registration] = useState<FieldRegistration>(() => ({
    validators: list,
    hidden: Boolean(props.hidden),
  }));
  registration.validators = list;
  registration.hidden = Boolean(props.hidden);
  registration.pendingValue = own.pendingValue;
  const { fields } = engine.form;
  useLayoutEffect(() => {
    fields.set(props.name, registration);
    return () => {
      if (fields.get(props.name) === registration) fields.delete(props.name);
    };
  }, [fields, props.name, registration]);

  const field = useBinding(engine, props.name);
  const mode = props.errorDisplay ?? engine.errorDisplay;
  const { submitted } = field;
  const [focused, setFocused] = useState(false);
  const [validated, setValidated] = useState(false);
  const animate = useDelayedFlag(LABEL_ANIMATION_DELAY_MS);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  registration.cancelPending = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };

  const validate = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    void field.validate().then(() => setValidated(true));
  };
  const setValue = (value: V) => {
    field.onChange(value);
    if (mode === 'immediate' || (mode === 'blur' && (field.touched || submitted))) validate();
    else if (mode === 'debounce') {
      clearTimeout(timer.current);
      timer.current = setTimeout(validate, engine.debounceMs);
    }
  };
  const onBlur = () => {
    setFocused(false);
    field.onBlur();
    if (mode === 'blur' || timer.current !== undefined) validate();
  };
  const onFocus = () => setFocused(true);

  const message = field.error;
  const shown = mode !== 'none' && Boolean(message) && (mode !== 'blur' || field.touched || submitted);
  // A message that came or went with the blur of a press waits for the press's click (see pointer-hold).
  const error = useSteadyWhilePressed(shown ? message : undefined);
  const required = list.some((x) => x.kind === 'required');
  const maxLength = own.maxLength ?? list.find((x) => x.kind === 'maxLength')?.limit;
  const disabled = Boolean(props.disabled);
  const readOnly = Boolean(props.readOnly);
  const value = field.value as V;

  const states: FieldStates = {
    focused,
    touched: field.touched,
    valid: (validated || submitted) && !message,
    invalid: Boolean(error),
    disabled,
    readOnly,
    animate,
  };
  return {
    value,
    setValue,
    onBlur,
    onFocus,
    error,
    required,
    hidden: Boolean(props.hidden),
    states,
    /** For `FieldFrame`. */
    frame: {
      name: props.name,
      states,
      counter:
        maxLength !== undefined && typeof value === 'string'
          ? { length: value.length, max: maxLength }
          : undefined,
    },
    /** The props of a Mantine input. */
    input: {
      name: props.name,
      id: props.id,
      ref: field.ref,
      label: props.label,
      inputWrapperOrder: props.descriptionBelow
        ? (['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[])
        : undefined,
      description: props.description,
      placeholder: props.placeholder,
      error,
      required,
      disabled,
      readOnly,
      onFocus,
      onBlur,
      classNames: { label: classes.label },
    },
  };
}

export type Field<V> = ReturnType<typeof useField<V>>;
