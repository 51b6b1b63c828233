import { toNestErrors } from '@hookform/resolvers';
import { createContext, useContext, useRef, useState } from 'react';
import {
  type Control,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { type FormValuesOf, firstError, type Validator } from './validators';

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

export interface FormEngine {
  form: UseFormReturn<FieldValues>;
  fields: FieldRegistry;
  errorDisplay: ErrorDisplay;
  debounceMs: number;
}

export const FormEngineContext = createContext<FormEngine | null>(null);

export function useFormEngine(): FormEngine {
  const engine = useContext(FormEngineContext);
  if (!engine)
    throw new Error('A kit field must be inside <Form> (or used through its value/onValueChange props).');
  return engine;
}

const registries = new WeakMap<object, FieldRegistry>();

/** The registry of the fields of a form made by `useKitForm`. */
export function registryOf(control: Control<FieldValues> | object): FieldRegistry {
  let registry = registries.get(control);
  if (!registry) {
    registry = new Map();
    registries.set(control, registry);
  }
  return registry;
}

/** `values` with `value` at `path` ("a.b.0"), copying the objects on the way rather than changing them. */
function withValueAt(values: FieldValues, path: string, value: unknown): FieldValues {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const copy: FieldValues = Array.isArray(values) ? [...values] : { ...values };
  copy[key] =
    rest.length === 0 ? value : withValueAt((values?.[key] ?? {}) as FieldValues, rest.join('.'), value);
  return copy;
}

/** The values once every shown field's value is final (see `FieldRegistration.pendingValue`). */
async function settled<T extends FieldValues>(values: T, fields: FieldRegistry): Promise<T> {
  const pending: [string, Promise<unknown>][] = [];
  for (const [name, field] of fields) {
    const value = field.hidden ? undefined : field.pendingValue?.();
    if (value) pending.push([name, value]);
  }
  if (pending.length === 0) return values;
  const finals = await Promise.all(pending.map(([, value]) => value));
  return pending.reduce<FieldValues>((all, [name], i) => withValueAt(all, name, finals[i]), values) as T;
}

function isSkipped(path: string, fields: FieldRegistry): boolean {
  for (const [name, field] of fields) {
    if (field.hidden && (path === name || path.startsWith(`${name}.`))) return true;
  }
  return false;
}

/**
 * One resolver for both kinds of rules: each shown field's validators, then the form's zod schema (the
 * domain's, shared with the server). A field keeps only its first message; hidden fields are skipped. A field
 * whose value is not final yet is waited for, and its final value checked and submitted.
 */
export function kitResolver<TIn extends FieldValues, TOut>(
  fields: FieldRegistry,
  schema: () => z.ZodType<TOut, TIn> | undefined,
): Resolver<TIn, unknown, TOut> {
  return async (given, _context, options) => {
    const values = await settled(given, fields);
    const errors: Record<string, FieldError> = {};
    for (const [name, field] of fields) {
      if (field.hidden) continue;
      const message = firstError(field.validators, get(values, name), values as FormValuesOf);
      if (message) errors[name] = { type: 'validate', message };
    }
    const current = schema();
    const parsed = current ? await current.safeParseAsync(values) : undefined;
    if (parsed && !parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        if (!path || path in errors || isSkipped(path, fields)) continue;
        errors[path] = { type: issue.code, message: issue.message };
      }
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: toNestErrors<TIn>(errors, options) };
    // A schema failing only on hidden fields lets the raw values through.
    return { values: (parsed?.success ? parsed.data : values) as TOut, errors: {} };
  };
}

export interface KitFormOptions<TIn extends FieldValues, TOut> {
  defaultValues: DefaultValues<TIn>;
  /** The form's zod schema (usually the API payload's, from `@sejour/domain`). */
  schema?: z.ZodType<TOut, TIn>;
}

/**
 * A react-hook-form form wired to the kit: fields register their validators, the zod schema applies on
 * top, and validation runs when the kit's fields ask (see `ErrorDisplay`), not on react-hook-form's own
 * schedule. `handleSubmit` gives the schema's output.
 */
export function useKitForm<TIn extends FieldValues, TOut = TIn>(
  options: KitFormOptions<TIn, TOut>,
): UseFormReturn<TIn, unknown, TOut> {
  const [fields] = useState<FieldRegistry>(() => new Map());
  const schema = useRef(options.schema);
  schema.current = options.schema;
  const [resolver] = useState(() => kitResolver<TIn, TOut>(fields, () => schema.current));
  const form = useForm<TIn, unknown, TOut>({
    defaultValues: options.defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    resolver,
  });
  if (registries.get(form.control) !== fields) registries.set(form.control, fields);
  return form;
}
