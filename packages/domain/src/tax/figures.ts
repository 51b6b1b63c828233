import { z } from 'zod';
import { DECLARATION_BANDS } from '../declarations/fields';
import { formatEuros } from '../money/format';
import { PG_INT_MAX } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';

/** Far above any establishment's month (1 000 places × 31 nights), low enough that no amount overflows. */
export const MAX_NIGHTS = 10_000_000;

/** A whole number of persons or person-nights. */
export const countSchema = z
  .number({ error: m.number() })
  .int({ error: m.number() })
  .min(0, { error: m.min(0) })
  .max(MAX_NIGHTS, { error: m.max(MAX_NIGHTS) });

/** A month's rent in cents: at most 21 474 836,47 €, what an `integer` column holds, far above any month. */
export const rentSchema = z
  .number({ error: m.number() })
  .int({ error: m.number() })
  .min(0, { error: m.min(0) })
  .max(PG_INT_MAX, { error: m.max(formatEuros(PG_INT_MAX)) });

/**
 * What a host declares for one establishment and one month. Counts are person-nights
 * (nuitées); amounts are rents excluding tax, in cents. Classified types use `nightsCount` and
 * `exemptedCount`; NONE uses the two bands (`Inf` below the table's threshold per night, `Sup` at or above),
 * whose fields default to 0 so that a classified declaration may leave them out.
 */
export const declarationFiguresShape = {
  personCount: countSchema,
  nightsCount: countSchema,
  exemptedCount: countSchema,
  nightsCountInf: countSchema.default(0),
  nightsCountSup: countSchema.default(0),
  nightsCountInfMin: countSchema.default(0),
  nightsCountSupMin: countSchema.default(0),
  prixInf: rentSchema.default(0),
  prixSup: rentSchema.default(0),
  prixInfMin: rentSchema.default(0),
  prixSupMin: rentSchema.default(0),
};

/** The figures' own consistency: exempted never above declared, no rent without person-nights. */
export function checkDeclarationFigures(f: DeclarationFigures, ctx: z.RefinementCtx): void {
  const tooMany = (path: string, max: number) =>
    ctx.addIssue({ code: 'custom', path: [path], message: m.max(max) });
  if (f.exemptedCount > f.nightsCount) tooMany('exemptedCount', f.nightsCount);

  for (const band of Object.values(DECLARATION_BANDS)) {
    const { nights: nightsKey, exempted: exemptedKey, rent: rentKey, exemptedRent: exemptedRentKey } = band;
    const nights = f[nightsKey];
    const exempted = f[exemptedKey];
    if (exempted > nights) tooMany(exemptedKey, nights);
    // A rent falls on person-nights: none can be declared for a band, or its exempted part, without them.
    if (nights === 0 && f[rentKey] > 0) {
      ctx.addIssue({ code: 'custom', path: [rentKey], message: m.amountWithoutNights('nuitées') });
    }
    if (exempted === 0 && f[exemptedRentKey] > 0) {
      const message = m.amountWithoutNights('nuitées exonérées');
      ctx.addIssue({ code: 'custom', path: [exemptedRentKey], message });
    } else if (f[exemptedRentKey] > f[rentKey]) {
      ctx.addIssue({ code: 'custom', path: [exemptedRentKey], message: m.max(formatEuros(f[rentKey])) });
    }
  }
}

export const declarationFiguresSchema = z
  .object(declarationFiguresShape)
  .superRefine(checkDeclarationFigures);
export type DeclarationFigures = z.output<typeof declarationFiguresSchema>;
export type DeclarationFiguresInput = z.input<typeof declarationFiguresSchema>;
