import { z } from 'zod';

import { errorCatalogue } from './error-catalogue';

export { errorCatalogue };

export type ErrorCode = keyof typeof errorCatalogue;
export const ERROR_CODES = Object.keys(errorCatalogue) as ErrorCode[];

/** Field errors of a `validation_error`: dotted path → first French message. */
export type FieldErrors = Record<string, string>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  meta?: ListMeta;
}
export interface ListMeta {
  /** The number of rows of the filtered list; null when the client asked for the page only (`total=false`). */
  total: number | null;
  /**
   * True when counting stopped at `total` and the list holds more rows ("plus de 10 000"): a list that
   * bounds its count says so rather than scanning a huge set twice. Absent otherwise.
   */
  totalIsLowerBound?: boolean;
  limit: number;
  offset: number;
}

/** Turns zod issues into the first message per field, as the form engine shows them. */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
