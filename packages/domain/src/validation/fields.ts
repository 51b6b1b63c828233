import { z } from 'zod';
import { validationMessages as m } from './messages';

/**
 * Zod building blocks whose messages are the spec's. Both the API schemas and the web forms are made of
 * these, so a rule (and its wording) is written once. Callers show only the first issue of a field.
 */
/**
 * PostgreSQL refuses the NUL character in text and integers beyond int4: such input is refused here, as a
 * validation error, before it reaches the database.
 */
export const PG_INT_MAX = 2_147_483_647;
export const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * A UTF-16 surrogate without its pair (`\ud800` in JSON) has no UTF-8 encoding: PostgreSQL's `jsonb` refuses
 * it, other columns would store a replacement character, and a mail or a CSV built from it breaks. JSON lets a
 * client send one, so every string field refuses it here.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isWellFormed = (value: string) => !LONE_SURROGATE.test(value);

/** The checks every string a client sends goes through, whatever the field. */
function refineText<T extends z.ZodType<string>>(schema: T) {
  return schema
    .refine(hasNoNul, { error: m.forbiddenCharacter() })
    .refine(isWellFormed, { error: m.malformedText() });
}

/** Any string a client sends: no NUL character, no lone surrogate. */
export function safeString() {
  return refineText(z.string());
}

/** An integer that fits PostgreSQL's `integer` column, coerced from a path or query string. */
export function intParam(bounds: { min: number; max?: number }) {
  const max = bounds.max ?? PG_INT_MAX;
  return z.coerce
    .number({ error: m.number() })
    .refine((n) => Number.isFinite(n) && n >= bounds.min && n <= max, {
      error: (issue) => (Number(issue.input) < bounds.min ? m.min(bounds.min) : m.max(max)),
    })
    .pipe(z.number().int({ error: m.number() }));
}

/** An integer of a JSON body (never coerced from text) that fits PostgreSQL's `integer` column: ids. */
export function intField(bounds: { min: number; max?: number }) {
  const max = bounds.max ?? PG_INT_MAX;
  return z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? m.required() : m.number()),
    })
    .int({ error: m.integer() })
    .min(bounds.min, { error: m.min(bounds.min) })
    .max(max, { error: m.max(max) });
}

export function text(options: { min?: number; max: number; required?: boolean }) {
  const required = options.required ?? true;
  const min = options.min ?? 0;
  const length = (input: unknown) => String(input ?? '').length;
  let schema = refineText(z.string().trim());
  if (required) schema = schema.min(1, { error: m.required() });
  if (min > 1) schema = schema.min(min, { error: (issue) => m.minLength(min, length(issue.input)) });
  return schema.max(options.max, { error: (issue) => m.maxLength(options.max, length(issue.input)) });
}

export function optionalText(max: number) {
  return text({ max, required: false });
}

export const emailField = safeString()
  .trim()
  .min(1, { error: m.required() })
  .max(254, { error: (issue) => m.maxLength(254, String(issue.input ?? '').length) })
  .pipe(z.email({ error: m.email() }));

export const postalCodeField = safeString()
  .trim()
  .regex(/^\d{5}$/, { error: m.postalCode() });

/** Empty strings mean "not given" and are stored as null. */
export const orNull = <T extends z.ZodType<string>>(schema: T) =>
  schema.transform((v: string) => (v === '' ? null : v)).nullable();

/** A postal code or nothing (`''` and `null` both mean none). */
export const optionalPostalCode = z
  .union([z.literal(''), postalCodeField])
  .transform((v) => (v === '' ? null : v));

/** Route parameter `{id}`: a positive integer that fits an `integer` column. */
export const idParamsSchema = z.object({ id: intParam({ min: 1 }) });
