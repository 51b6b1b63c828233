import { z } from 'zod';
import { intParam, safeString } from '../validation/fields';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

export interface SortTerm<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * `?sort=field:asc,field2:desc`: parsed against the fields a list allows, so a client can
 * never sort on a column the server did not expose.
 */
export function sortParam<const F extends string>(fields: readonly [F, ...F[]]) {
  const allowed = new Set<string>(fields);
  return safeString()
    .max(200)
    .optional()
    .transform((value, ctx): SortTerm<F>[] => {
      if (!value) return [];
      const terms: SortTerm<F>[] = [];
      for (const part of value.split(',').filter(Boolean)) {
        const [field = '', direction = 'asc'] = part.split(':');
        if (!allowed.has(field) || (direction !== 'asc' && direction !== 'desc')) {
          ctx.addIssue({ code: 'custom', message: `Tri inconnu : « ${part} ».` });
          return z.NEVER;
        }
        terms.push({ field: field as F, direction });
      }
      return terms;
    });
}

/** `?flag=true|false` in a query string. */
export const booleanParam = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/**
 * Paging and search shared by every list endpoint. `total=false` asks for the page only (`meta.total` is then
 * null): a client turning the pages of a list it has already counted skips the count, which on a large table
 * costs more than the page.
 */
export const pageParams = {
  q: safeString().trim().max(200).optional(),
  limit: intParam({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
  offset: intParam({ min: 0 }).default(0),
  total: booleanParam,
};
