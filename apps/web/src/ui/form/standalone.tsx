import {
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { VALIDATION_DEBOUNCE_MS } from '../constants';
import {
  FIELD_ERROR_DISPLAY,
  type FieldBinding,
  type FieldRegistry,
  type FormEngine,
  FormEngineContext,
} from './field-engine';
import type { FieldProps } from './useField';
import { firstError } from './validators';

/** Outside a `<Form>`, a field is driven by these (a table filter, a setting). */
export interface ValueProps<V> {
  value?: V;
  onValueChange?: (value: V) => void;
}

interface AloneState {
  value: unknown;
  error: string | undefined;
  touched: boolean;
}

/** The one field's value and state: a tiny store its binding hook subscribes to. */
function aloneStore(initial: unknown) {
  let state: AloneState = { value: initial, error: undefined, touched: false };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(change: Partial<AloneState>) {
      state = { ...state, ...change };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A field's own engine: its value in `aloneStore`, checked by its validators only (there is no form). */
function aloneEngine(
  store: ReturnType<typeof aloneStore>,
  report: { current: ((value: unknown) => void) | undefined },
): FormEngine {
  const fields: FieldRegistry = new Map();
  const check = async (name: string) => {
    const field = fields.get(name);
    if (!field || field.hidden) return store.set({ error: undefined });
    const value = (await field.pendingValue?.()) ?? store.get().value;
    store.set({ error: firstError(field.validators, value, { [name]: value }) ?? undefined });
  };
  return {
    fields,
    errorDisplay: FIELD_ERROR_DISPLAY,
    debounceMs: VALIDATION_DEBOUNCE_MS,
    useBinding(name): FieldBinding {
      const state = useSyncExternalStore(store.subscribe, store.get);
      return {
        value: state.value,
        onChange: (value) => {
          store.set({ value });
          report.current?.(value);
        },
        onBlur: () => store.set({ touched: true }),
        ref: () => {},
        disabled: false,
        error: state.error,
        touched: state.touched,
        submitted: false,
        validate: () => check(name),
      };
    },
  };
}

function Standalone<V>(props: { value: V; onValueChange?: (value: V) => void; children: ReactNode }) {
  const [store] = useState(() => aloneStore(props.value));
  const report = useRef<((value: unknown) => void) | undefined>(undefined);
  report.current = props.onValueChange as ((value: unknown) => void) | undefined;
  const engine = useMemo(() => aloneEngine(store, report), [store]);
  const { value } = props;
  // A value set from outside (the URL, a reset) is shown without being reported back.
  useEffect(() => {
    if (!Object.is(store.get().value, value)) store.set({ value });
  }, [store, value]);
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
      <Standalone value={props.value ?? empty} onValueChange={props.onValueChange}>
        <Field {...props} />
      </Standalone>
    );
  }
  KitField.displayName = Field.name;
  return KitField;
}
