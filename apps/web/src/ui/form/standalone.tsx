import { type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldValues, get, set } from 'react-hook-form';
import { VALIDATION_DEBOUNCE_MS } from '../constants';
import { FIELD_ERROR_DISPLAY, type FormEngine, FormEngineContext, registryOf, useKitForm } from './engine';
import type { FieldProps } from './useField';

/** Outside a `<Form>`, a field is driven by these (a table filter, a setting). */
export interface ValueProps<V> {
  value?: V;
  onValueChange?: (value: V) => void;
}

function Standalone<V>(props: {
  name: string;
  value: V;
  onValueChange?: (value: V) => void;
  children: ReactNode;
}) {
  const [defaultValues] = useState(() => {
    const values: FieldValues = {};
    set(values, props.name, props.value);
    return values;
  });
  const form = useKitForm<FieldValues>({ defaultValues });
  const engine = useMemo<FormEngine>(
    () => ({
      form,
      fields: registryOf(form.control),
      errorDisplay: FIELD_ERROR_DISPLAY,
      debounceMs: VALIDATION_DEBOUNCE_MS,
    }),
    [form],
  );
  const { name, value } = props;
  useEffect(() => {
    if (!Object.is(form.getValues(name), value)) form.setValue(name, value);
  }, [form, name, value]);
  const report = useRef(props.onValueChange);
  report.current = props.onValueChange;
  useEffect(() => {
    const subscription = form.watch((values, change) => {
      if (change.name === name) report.current?.(get(values, name) as V);
    });
    return () => subscription.unsubscribe();
  }, [form, name]);
  return <FormEngineContext.Provider value={engine}>{props.children}</FormEngineContext.Provider>;
}

/**
 * Makes a kit field usable both inside a `<Form>` (its value lives in the form) and alone, with
 * `value` / `onValueChange` and its own validation (error display `immediate` by default).
 */
export function standalone<V, P extends FieldProps>(Field: (props: P) => ReactNode, empty: V) {
  function KitField(props: P & ValueProps<V>) {
    const engine = useContext(FormEngineContext);
    if (engine) return <Field {...props} />;
    return (
      <Standalone name={props.name} value={props.value ?? empty} onValueChange={props.onValueChange}>
        <Field {...props} />
      </Standalone>
    );
  }
  KitField.displayName = Field.name;
  return KitField;
}
