import { createContext, useContext } from 'react';
import type { FieldValues, RefCallBack, UseFormReturn } from 'react-hook-form';
import type { Validator } from './validators';

/**
 * What a kit field needs from whatever holds its value: a `<Form>` (react-hook-form, `engine.ts`) or the
 * field alone (`standalone.tsx`, its own small store). Nothing here imports react-hook-form but its types, so a screen
 * whose only fields stand alone (a list's filters) does not download it (docs/decisions/0122).
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

/** A field's value and state, as its holder keeps them. */
export interface FieldBinding {
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** Where the holder may move the focus (the first invalid field of a refused form). */
  ref: RefCallBack;
  disabled: boolean;
  /** The message of the field's first failing rule, if it was checked and failed. */
  error: string | undefined;
  touched: boolean;
  /** Whether the form was submitted at least once. */
  submitted: boolean;
  /** Checks the field now (its validators, and the form's schema in a form). */
  validate: () => Promise<void>;
}

export interface FormEngine {
  fields: FieldRegistry;
  errorDisplay: ErrorDisplay;
  debounceMs: number;
  /** The hook that binds a field to its holder; the same function for the engine's lifetime. */
  useBinding: (name: string) => FieldBinding;
  /** The react-hook-form form, inside a `<Form>` only (its submit button reads it). */
  form?: UseFormReturn<FieldValues>;
}

export const FormEngineContext = createContext<FormEngine | null>(null);

export function useFormEngine(): FormEngine {
  const engine = useContext(FormEngineContext);
  if (!engine)
    throw new Error('A kit field must be inside <Form> (or used through its value/onValueChange props).');
  return engine;
}
