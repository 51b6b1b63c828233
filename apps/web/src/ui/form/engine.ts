import { toNestErrors } from '@hookform/resolvers';
import { useRef, useState } from 'react';
import {
  type Control,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Resolver,
  type UseFormReturn,
  useController,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import type { FieldBinding, FieldRegistry } from './field-engine';
import { type FormValuesOf, firstError } from './validators';

export type { ErrorDisplay, FieldRegistration, FieldRegistry, FormEngine } from './field-engine';
export { FIELD_ERROR_DISPLAY, FORM_ERROR_DISPLAY, FormEngineContext, useFormEngine } from './field-engine';

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

/** How the fields of a `<Form>` read and write their values: react-hook-form's controller. */
export function formBinding(form: UseFormReturn<FieldValues>): (name: string) => FieldBinding {
  return function useFormBinding(name) {
    const { field, fieldState, formState } = useController({ name, control: form.control });
    return {
      value: field.value,
      onChange: field.onChange,
      onBlur: field.onBlur,
      ref: field.ref,
      disabled: Boolean(field.disabled),
      error: fieldState.error?.message,
      touched: fieldState.isTouched,
      submitted: formState.submitCount > 0,
      validate: () => form.trigger(name).then(() => undefined),
    };
  };
}
