import { type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { VALIDATION_DEBOUNCE_MS } from '../constants';
import {
  createKitForm,
  FIELD_ERROR_DISPLAY,
  type FormEngine,
  FormEngineContext,
  valueAt,
  withValueAt,
} from './engine';
import type { FieldProps } from './useField';

/** Outside a `<Form>`, a field is driven by these (a table filter, a setting). */
export interface ValueProps<V> {
  value?: V;
  onValueChange?: (value: V) => void;
}

/** A field alone: a form of one value, checked by the field's own validators (there is no schema). */
function Standalone<V>(props: {
  name: string;
  value: V;
  onValueChange?: (value: V) => void;
  children: ReactNode;
}) {
  const { name, value } = props;
  const [form] = useState(() => createKitForm<object>(withValueAt({}, name, value)));
  const report = useRef<((value: unknown) => void) | undefined>(undefined);
  report.current = props.onValueChange as ((value: unknown) => void) | undefined;
  const engine = useMemo<FormEngine>(
    () => ({
      form,
      errorDisplay: FIELD_ERROR_DISPLAY,
      debounceMs: VALIDATION_DEBOUNCE_MS,
      alone: { report: (next) => report.current?.(next) },
    }),
    [form],
  );
  // A value set from outside (the URL, a reset) is shown without being reported back.
  useEffect(() => {
    if (!Object.is(valueAt(form.getValues(), name), value)) form.setValue(name, value);
  }, [form, name, value]);
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
