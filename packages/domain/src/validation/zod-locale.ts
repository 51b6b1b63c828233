import { z } from 'zod';
import fr from 'zod/v4/locales/fr.js';
import { validationMessages } from './messages';

/**
 * French messages for every zod schema, on both sides: the spec's sentence for a missing value, and zod's
 * French locale for the rest. Imported once by the package index, so any user of the domain gets it.
 */
const french = fr();
z.config({
  ...french,
  localeError: (issue) => {
    if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
      return validationMessages.required();
    }
    if (issue.code === 'invalid_type' && issue.expected === 'number') return validationMessages.number();
    return french.localeError?.(issue);
  },
});
