import { normaliseHeader } from '../register/cells';

/** Lower case, no accents, one space between words: how two names or addresses are compared. */
export function comparableText(text: string | null | undefined): string {
  return normaliseHeader(text ?? '');
}

/**
 * The key an establishment without registration number is recognised by: its owner, its name and its
 * address, compared without case, accents or punctuation.
 */
export function establishmentKey(
  userId: number | string,
  establishment: { name: string; address: string | null; cp?: string | null },
): string {
  return `${userId}|${comparableText(establishment.name)}|${comparableText(establishment.address)}`;
}
