import { createContext, useContext, useRef, useState, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { type FormValuesOf, firstError, type Validator } from './validators';

/*
 * The kit's one form engine (docs/decisions/0132): a small store of values, messages, touched fields and the
 * submission, which a `<Form>` and a field alone use alike. No form library is imported anywhere else: features
 * read values through `useFormValue` / `useFormValues` and act on a form through `KitForm`.
 */

/**
 * When a field shows its error: `immediate` (validated at each change), `debounce` (300 ms after
 * the last change, and on leaving the field), `blur` (once the field has been left), `none` (never inline;
 * the form still refuses to submit). A field alone defaults to `immediate`; a form's fields to `debounce`.
 */
export type ErrorDisplay = 'none' | 'immediate' | 'debounce' | 'blur';
export const FORM_ERROR_DISPLAY: ErrorDisplay = 'debounce';
export const FIELD_ERROR_DISPLAY: ErrorDisplay = 'immediate';

/** What a mounted field tells its form: its validators, and whether it is hidden (then skipped). */
export interface FieldRegistration {
  validators: readonly Validator[];
  hidden: boolean;
  /** Drops a debounced check still waiting: a submit validates everything at once instead. */
  cancelPending?: () => void;
  /**
   * A field whose value is not in its final form yet (the phone field, until its library arrives): a promise of
   * that final value, which validation waits for and checks instead; undefined when the value is final.
   */
  pendingValue?: () => Promise<unknown> | undefined;
}
export type FieldRegistry = Map<string, FieldRegistration>;

/** A callback ref that any element's ref accepts (written as a method, so its parameter is bivariant). */
export type ElementRef = { ref(element: HTMLElement | null): void }['ref'];

/** A message by path (`address.city`): the first failing rule's, one per field. */
export type FormErrors = Readonly<Record<string, string>>;

/** The values a form may start with: any part of them (a field without one starts empty). */
export type DefaultValues<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DefaultValues<T[K]> }
    : T;

export interface FormSnapshot<TIn> {
  values: TIn;
  errors: FormErrors;
  touched: ReadonlySet<string>;
  /** How many times a submission was asked for (valid or not). */
  submitCount: number;
  /** From the submission's check until its `onSubmit` has settled. */
  submitting: boolean;
}

/** A form of the kit, from `useKitForm`: what a feature may do with it, and what the kit's parts subscribe to. */
export interface KitForm<TIn extends object, TOut = TIn> {
  readonly fields: FieldRegistry;
  snapshot(): FormSnapshot<TIn>;
  subscribe(listener: () => void): () => void;
  getValues(): TIn;
  setValue(name: string, value: unknown): void;
  /** Back to `values` (which become the defaults) or to the defaults: no message, nothing touched. */
  reset(values?: DefaultValues<TIn>): void;
  /** Checks these fields now (their validators, then the schema), and shows or clears their messages. */
  validate(names: string | readonly string[]): Promise<boolean>;
  fieldState(name: string): { invalid: boolean; touched: boolean };
  setError(name: string, message: string, options?: { focus?: boolean }): void;
  focus(name: string): void;
  touch(name: string): void;
  /** The element to focus for a field (the first invalid one of a refused form); the same function per name. */
  refOf(name: string): ElementRef;
  /**
   * A submit handler: checks every shown field and the schema, then calls `onValid` with the schema's output,
   * or shows every message, calls `onInvalid` and focuses the first invalid field.
   */
  handleSubmit(
    onValid: (values: TOut) => unknown,
    onInvalid?: () => void,
  ): (event?: { preventDefault(): void }) => Promise<void>;
}

export interface KitFormOptions<TIn extends object, TOut> {
  defaultValues: DefaultValues<TIn>;
  /** The form's zod schema (usually the API payload's, from `@sejour/domain`). */
  schema?: z.ZodType<TOut, TIn>;
}

/** The value at `path` ("a.b.0"), or undefined. */
export function valueAt(values: unknown, path: string): unknown {
  let current = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** `values` with `value` at `path`, copying the objects on the way rather than changing them. */
export function withValueAt<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const source = (values ?? {}) as Record<string, unknown>;
  const copy = (Array.isArray(source) ? [...source] : { ...source }) as Record<string, unknown>;
  copy[key] = rest.length === 0 ? value : withValueAt(source[key] ?? {}, rest.join('.'), value);
  return copy as T;
}

/** Whether `path` is `name` or inside it (`address.city` is inside `address`). */
const isUnder = (path: string, name: string) => path === name || path.startsWith(`${name}.`);

/** The values once every shown field's value is final (see `FieldRegistration.pendingValue`). */
async function settled<T>(values: T, fields: FieldRegistry): Promise<T> {
  const pending: [string, Promise<unknown>][] = [];
  for (const [name, field] of fields) {
    const value = field.hidden ? undefined : field.pendingValue?.();
    if (value) pending.push([name, value]);
  }
  if (pending.length === 0) return values;
  const finals = await Promise.all(pending.map(([, value]) => value));
  return pending.reduce((all, [name], i) => withValueAt(all, name, finals[i]), values);
}

function isSkipped(path: string, fields: FieldRegistry): boolean {
  for (const [name, field] of fields) {
    if (field.hidden && isUnder(path, name)) return true;
  }
  return false;
}

export type Checked<TOut> = { values: TOut; errors: FormErrors } | { values: undefined; errors: FormErrors };

/**
 * One check for both kinds of rules: each shown field's validators, then the form's zod schema (the domain's,
 * shared with the server). A field keeps only its first message; hidden fields are skipped. A field whose value
 * is not final yet is waited for, and its final value checked and given.
 */
export async function checkForm<TIn, TOut>(
  given: TIn,
  fields: FieldRegistry,
  schema: z.ZodType<TOut, TIn> | undefined,
): Promise<Checked<TOut>> {
  const values = await settled(given, fields);
  const errors: Record<string, string> = {};
  for (const [name, field] of fields) {
    if (field.hidden) continue;
    const message = firstError(field.validators, valueAt(values, name), values as FormValuesOf);
    if (message) errors[name] = message;
  }
  const parsed = schema ? await schema.safeParseAsync(values) : undefined;
  if (parsed && !parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!path || path in errors || isSkipped(path, fields)) continue;
      errors[path] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { values: undefined, errors };
  // A schema failing only on hidden fields lets the raw values through.
  return { values: (parsed?.success ? parsed.data : values) as TOut, errors: {} };
}

/** The form store behind `useKitForm` and behind a field alone. */
export function createKitForm<TIn extends object, TOut = TIn>(
  defaultValues: DefaultValues<TIn>,
  schema: () => z.ZodType<TOut, TIn> | undefined = () => undefined,
): KitForm<TIn, TOut> {
  const fields: FieldRegistry = new Map();
  let defaults = defaultValues as TIn;
  let state: FormSnapshot<TIn> = {
    values: defaults,
    errors: {},
    touched: new Set(),
    submitCount: 0,
    submitting: false,
  };
  const listeners = new Set<() => void>();
  const elements = new Map<string, HTMLElement>();
  const refs = new Map<string, ElementRef>();
  const set = (change: Partial<FormSnapshot<TIn>>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };
  const focus = (name: string) => elements.get(name)?.focus();
  /** The invalid field first in the page, as a reader meets them. */
  const focusFirstInvalid = (errors: FormErrors) => {
    let first: HTMLElement | undefined;
    for (const [name, element] of elements) {
      if (!Object.keys(errors).some((path) => isUnder(path, name)) || fields.get(name)?.hidden) continue;
      if (!first || first.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING)
        first = element;
    }
    first?.focus();
  };

  return {
    fields,
    snapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getValues: () => state.values,
    setValue: (name, value) => set({ values: withValueAt(state.values, name, value) }),
    reset(values) {
      if (values !== undefined) defaults = values as TIn;
      set({ values: defaults, errors: {}, touched: new Set(), submitCount: 0, submitting: false });
    },
    async validate(names) {
      const list: readonly string[] = typeof names === 'string' ? [names] : names;
      const result = await checkForm(state.values, fields, schema());
      const concerned = (path: string) => list.some((name) => isUnder(path, name));
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(state.errors))
        if (!concerned(path)) errors[path] = message;
      let valid = true;
      for (const [path, message] of Object.entries(result.errors)) {
        if (!concerned(path)) continue;
        errors[path] = message;
        valid = false;
      }
      set({ errors });
      return valid;
    },
    fieldState: (name) => ({
      invalid: Object.keys(state.errors).some((path) => isUnder(path, name)),
      touched: state.touched.has(name),
    }),
    setError(name, message, options) {
      set({ errors: { ...state.errors, [name]: message } });
      if (options?.focus) focus(name);
    },
    focus,
    touch(name) {
      if (!state.touched.has(name)) set({ touched: new Set(state.touched).add(name) });
    },
    refOf(name) {
      let ref = refs.get(name);
      if (!ref) {
        ref = (element) => {
          if (element) elements.set(name, element);
          else elements.delete(name);
        };
        refs.set(name, ref);
      }
      return ref;
    },
    handleSubmit(onValid, onInvalid) {
      return async (event) => {
        event?.preventDefault();
        set({ submitting: true });
        const result = await checkForm(state.values, fields, schema());
        if (result.values === undefined) {
          set({ errors: result.errors, submitting: false, submitCount: state.submitCount + 1 });
          onInvalid?.();
          focusFirstInvalid(result.errors);
          return;
        }
        set({ errors: {} });
        try {
          await onValid(result.values);
        } finally {
          set({ submitting: false, submitCount: state.submitCount + 1 });
        }
      };
    },
  };
}

/**
 * A form of the kit: fields register their validators, the zod schema applies on top, and validation runs
 * when the kit's fields ask (see `ErrorDisplay`). `handleSubmit` gives the schema's output.
 */
export function useKitForm<TIn extends object, TOut = TIn>(
  options: KitFormOptions<TIn, TOut>,
): KitForm<TIn, TOut> {
  const schema = useRef(options.schema);
  schema.current = options.schema;
  const [form] = useState(() => createKitForm<TIn, TOut>(options.defaultValues, () => schema.current));
  return form;
}

/** A form's value at `name`, the component re-rendered when it changes (and only then). */
export function useFormValue<TIn extends object, TOut, K extends keyof TIn & string>(
  form: KitForm<TIn, TOut>,
  name: K,
): TIn[K] {
  return useSyncExternalStore(form.subscribe, () => valueAt(form.snapshot().values, name)) as TIn[K];
}

/** All of a form's values, the component re-rendered at each change. */
export function useFormValues<TIn extends object, TOut>(form: KitForm<TIn, TOut>): TIn {
  return useSyncExternalStore(form.subscribe, () => form.snapshot().values);
}

/** A form's state for its own parts (its message, its submit button). */
export function useFormSnapshot<TIn extends object, TOut, R>(
  form: KitForm<TIn, TOut>,
  select: (snapshot: FormSnapshot<TIn>) => R,
): R {
  return useSyncExternalStore(form.subscribe, () => select(form.snapshot()));
}

/** What the fields under a `<Form>`, or a field alone, are bound to. */
export interface FormEngine {
  form: KitForm<object, unknown>;
  errorDisplay: ErrorDisplay;
  debounceMs: number;
  /** A field alone: no form around it (its changes are reported, it has no submit button). */
  alone?: { report: (value: unknown) => void };
}

export const FormEngineContext = createContext<FormEngine | null>(null);

export function useFormEngine(): FormEngine {
  const engine = useContext(FormEngineContext);
  if (!engine)
    throw new Error('A kit field must be inside <Form> (or used through its value/onValueChange props).');
  return engine;
}

/** A field's value and state, as its form keeps them. */
export interface FieldBinding {
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** Where the form may move the focus (the first invalid field of a refused form). */
  ref: ElementRef;
  /** The message of the field's first failing rule, if it was checked and failed. */
  error: string | undefined;
  touched: boolean;
  /** Whether the form was submitted at least once. */
  submitted: boolean;
  /** Checks the field now (its validators, and the form's schema). */
  validate: () => Promise<void>;
}

/** Binds a field to its form: each part of its state subscribed to alone, so typing re-renders that field only. */
export function useBinding(engine: FormEngine, name: string): FieldBinding {
  const { form, alone } = engine;
  const value = useFormSnapshot(form, (s) => valueAt(s.values, name));
  const error = useFormSnapshot(form, (s) => s.errors[name]);
  const touched = useFormSnapshot(form, (s) => s.touched.has(name));
  const submitted = useFormSnapshot(form, (s) => s.submitCount > 0);
  return {
    value,
    onChange: (next) => {
      form.setValue(name, next);
      alone?.report(next);
    },
    onBlur: () => form.touch(name),
    ref: form.refOf(name),
    error,
    touched,
    submitted,
    validate: () => form.validate(name).then(() => undefined),
  };
}
