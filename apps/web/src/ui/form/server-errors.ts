import { createContext } from 'react';

/** A refusal a form can show: its message, and messages keyed by field path (`_` for the whole payload). */
export interface ServerRefusal {
  message: string;
  errors?: Readonly<Record<string, string>> | undefined;
}

/**
 * Reads what a form's `onSubmit` threw. The kit knows no HTTP client: the app provides the reader of its
 * client's errors (`ServerErrorReaderContext.Provider`); without one, an error shows its message.
 */
export type ServerErrorReader = (error: unknown) => ServerRefusal;

export const plainErrorReader: ServerErrorReader = (error) => ({
  message: error instanceof Error ? error.message : String(error),
});

export const ServerErrorReaderContext = createContext<ServerErrorReader>(plainErrorReader);

/**
 * Puts a server refusal on the form: field errors on their fields; returns the message to show above
 * the form when the error belongs to no field.
 *
 * `fields`, when given, are the names of the fields the form shows: an error on any other path (or on the
 * whole payload, path `_`) would be invisible on a field, so it becomes the form's message instead.
 */
export function applyServerErrors(
  refusal: ServerRefusal,
  setError: (field: string, message: string, options: { focus: boolean }) => void,
  fields?: Iterable<string>,
): string | null {
  const shown = fields ? new Set(fields) : null;
  const unplaced: string[] = [];
  let placed = 0;
  for (const [field, message] of Object.entries(refusal.errors ?? {})) {
    if (field === '_' || (shown && !shown.has(field))) {
      unplaced.push(message);
      continue;
    }
    setError(field, message, { focus: placed === 0 });
    placed += 1;
  }
  if (unplaced.length > 0) return [...new Set([refusal.message, ...unplaced])].join(' ');
  return placed > 0 ? null : refusal.message;
}
