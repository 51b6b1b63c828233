import { searchable } from '../format';

/** A select suggestion: a plain string, or a value with its text. */
export type Suggestion = string | { value: string; text: string };
export interface Option {
  value: string;
  text: string;
}

export function toOption(suggestion: Suggestion): Option {
  return typeof suggestion === 'string' ? { value: suggestion, text: suggestion } : suggestion;
}

/** The options whose text contains the search, ignoring case and accents. */
export function filterOptions(options: readonly Option[], search: string): Option[] {
  const needle = searchable(search.trim());
  return needle ? options.filter((o) => searchable(o.text).includes(needle)) : [...options];
}

/**
 * What typed text commits to when the field is left: the option of exactly that text (case and
 * accents aside); otherwise the text itself with the free-value option, or nothing.
 */
export function commitText(
  options: readonly Option[],
  text: string,
  freeValue: boolean,
): { value: string | null; text: string } {
  const typed = text.trim();
  if (typed === '') return { value: null, text: '' };
  const match = options.find((o) => searchable(o.text) === searchable(typed));
  if (match) return { value: match.value, text: match.text };
  return freeValue ? { value: typed, text: typed } : { value: null, text: '' };
}
