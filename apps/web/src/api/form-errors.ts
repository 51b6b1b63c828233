import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client';

/**
 * Puts a server refusal on the form: field errors on their fields; returns the message to show above
 * the form when the error belongs to no field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const fields = Object.entries(error.errors ?? {});
  for (const [field, message] of fields) setError(field as Path<T>, { type: 'server', message });
  return fields.length > 0 ? null : error.message;
}
