import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client';

/**
 * Puts a server refusal on the form: field errors on their fields; returns the message to show above
 * the form when the error belongs to no field.
 *
 * `fields`, when given, are the names of the fields the form shows: an error on any other path (or on the
 * whole payload, path `_`) would be invisible on a field, so it becomes the form's message instead.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: Iterable<string>,
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const shown = fields ? new Set(fields) : null;
  const unplaced: string[] = [];
  let placed = 0;
  for (const [field, message] of Object.entries(error.errors ?? {})) {
    if (field === '_' || (shown && !shown.has(field))) {
      unplaced.push(message);
      continue;
    }
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  if (unplaced.length > 0) return [...new Set([error.message, ...unplaced])].join(' ');
  return placed > 0 ? null : error.message;
}
