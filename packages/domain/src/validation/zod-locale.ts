import { z } from 'zod';
import fr from 'zod/v4/locales/fr.js';
import { validationMessages } from './messages';

/**
 * French messages for every zod schema, on both sides: the product's own sentences (those of the form
 * engine) for a missing value, a wrong type and a bound, and zod's French locale for the rest; in a browser,
 * no compiled parsers. Imported once by the package index, so any user of the domain gets it.
 */
const french = fr();

type Issue = Parameters<NonNullable<typeof french.localeError>>[0];

/** A bound in the catalogue's words; an exclusive bound on a whole number is the next whole number. */
function boundMessage(issue: Issue): string | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  const big = issue.code === 'too_big';
  const bound = Number(big ? issue.maximum : issue.minimum);
  if (issue.origin === 'number') {
    const inclusive = issue.inclusive !== false;
    const limit = inclusive || !Number.isInteger(bound) ? bound : big ? bound - 1 : bound + 1;
    return big ? validationMessages.max(limit) : validationMessages.min(limit);
  }
  // Beyond the safe integers: no whole number that far is exact.
  if (issue.origin === 'int') return validationMessages.number();
  if (issue.origin === 'string') {
    const length = typeof issue.input === 'string' ? issue.input.length : 0;
    if (big) return validationMessages.maxLength(bound, length);
    return length === 0 ? validationMessages.required() : validationMessages.minLength(bound, length);
  }
  return undefined;
}

z.config({
  ...french,
  // zod compiles object schemas with `new Function` where it may, and finds out whether it may by trying: in a
  // browser the server's content security policy forbids it, and each page load reported the refusal as a
  // policy violation. There they run interpreted, as they would after the refusal.
  jitless: 'document' in globalThis,
  localeError: (issue) => {
    if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
      return validationMessages.required();
    }
    if (issue.code === 'invalid_type' && issue.expected === 'number') return validationMessages.number();
    if (issue.code === 'invalid_type' && issue.expected === 'int') return validationMessages.integer();
    return boundMessage(issue) ?? french.localeError?.(issue);
  },
});
