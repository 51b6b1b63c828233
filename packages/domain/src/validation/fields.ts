import { z } from 'zod';
import { validationMessages as m } from './messages';

/**
 * Zod building blocks whose messages are the spec's. Both the API schemas and the web forms are made of
 * these, so a rule (and its wording) is written once. Callers show only the first issue of a field.
 */
export function text(options: { min?: number; max: number; required?: boolean }) {
  const required = options.required ?? true;
  const min = options.min ?? 0;
  const length = (input: unknown) => String(input ?? '').length;
  let schema = z.string().trim();
  if (required) schema = schema.min(1, { error: m.required() });
  if (min > 1) schema = schema.min(min, { error: (issue) => m.minLength(min, length(issue.input)) });
  return schema.max(options.max, { error: (issue) => m.maxLength(options.max, length(issue.input)) });
}

export function optionalText(max: number) {
  return text({ max, required: false });
}

export const emailField = z
  .string()
  .trim()
  .min(1, { error: m.required() })
  .max(254, { error: (issue) => m.maxLength(254, String(issue.input ?? '').length) })
  .pipe(z.email({ error: m.email() }));

export const postalCodeField = z
  .string()
  .trim()
  .regex(/^\d{5}$/, { error: m.postalCode() });

/** Route parameter `{id}`: a positive integer. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
