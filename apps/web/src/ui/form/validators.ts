import { errorCatalogue, validationMessages as m } from '@sejour/domain';
import { z } from 'zod';

export type ValidatorKind =
  | 'required'
  | 'pattern'
  | 'min'
  | 'max'
  | 'minLength'
  | 'maxLength'
  | 'custom'
  | 'number'
  | 'integer'
  | 'email'
  | 'phone'
  | 'file';

/** Values of the whole form, for rules across fields (two passwords, two dates). */
export type FormValuesOf = Record<string, unknown>;

export interface Validator {
  kind: ValidatorKind;
  /** The French message when the value fails, else null. Every rule but `required` lets an empty value pass. */
  check: (value: unknown, values: FormValuesOf) => string | null;
  /** `minLength` / `maxLength` / `min` / `max`: the limit (the counter shows a `maxLength`). */
  limit?: number;
}

/** Empty: nothing, blank text, no item, an unticked box. The number 0 is a value. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function lengthOf(value: unknown): number | null {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return null;
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim().replace(',', '.'));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const emailSchema = /*#__PURE__*/ z.email();

/**
 * The validators, with their French messages (from `@sejour/domain`, word for word). A field
 * shows the message of the first one that fails; `required` also puts the asterisk on its label.
 */
export const validators = {
  required: (message: string = m.required()): Validator => ({
    kind: 'required',
    check: (value) => (isEmpty(value) ? message : null),
  }),
  /** The whole value must match (anchor the expression with ^…$). */
  pattern: (expression: RegExp, message: string = m.pattern()): Validator => ({
    kind: 'pattern',
    check: (value) => {
      if (isEmpty(value)) return null;
      expression.lastIndex = 0;
      return expression.test(String(value)) ? null : message;
    },
  }),
  min: (n: number): Validator => ({
    kind: 'min',
    limit: n,
    check: (value) => {
      const number = numberOf(value);
      return number !== null && number < n ? m.min(n) : null;
    },
  }),
  max: (n: number): Validator => ({
    kind: 'max',
    limit: n,
    check: (value) => {
      const number = numberOf(value);
      return number !== null && number > n ? m.max(n) : null;
    },
  }),
  minLength: (n: number): Validator => ({
    kind: 'minLength',
    limit: n,
    check: (value) => {
      const length = lengthOf(value);
      return length !== null && length > 0 && length < n ? m.minLength(n, length) : null;
    },
  }),
  maxLength: (n: number): Validator => ({
    kind: 'maxLength',
    limit: n,
    check: (value) => {
      const length = lengthOf(value);
      return length !== null && length > n ? m.maxLength(n, length) : null;
    },
  }),
  /** Any rule: `test` says whether the value is valid. */
  custom: <V = unknown>(
    test: (value: V, values: FormValuesOf) => boolean,
    message: string = m.custom(),
  ): Validator => ({
    kind: 'custom',
    check: (value, values) => (isEmpty(value) || test(value as V, values) ? null : message),
  }),
  number: (): Validator => ({
    kind: 'number',
    check: (value) => (isEmpty(value) || numberOf(value) !== null ? null : m.number()),
  }),
  /** A whole number: "3,5" nights is said to be wrong, never rounded behind the person's back. */
  integer: (): Validator => ({
    kind: 'integer',
    check: (value) => {
      const number = numberOf(value);
      return number === null || Number.isInteger(number) ? null : m.integer();
    },
  }),
  email: (): Validator => ({
    kind: 'email',
    check: (value) =>
      isEmpty(value) || emailSchema.safeParse(String(value).trim()).success ? null : m.email(),
  }),
};

/** The "invalid form" and "invalid password" messages of the error catalogue. */
export const formMessages = {
  invalidForm: errorCatalogue.validation_error.message,
  invalidPassword: errorCatalogue.invalid_password.message,
} as const;

/** The first failing validator's message, or null. */
export function firstError(list: readonly Validator[], value: unknown, values: FormValuesOf): string | null {
  for (const validator of list) {
    const message = validator.check(value, values);
    if (message) return message;
  }
  return null;
}
