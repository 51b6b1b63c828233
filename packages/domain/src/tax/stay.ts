import { z } from 'zod';
import { ESTABLISHMENT_TYPES, type EstablishmentType } from '../establishments/types';
import type { Cents } from '../money/cents';
import { formatEuros } from '../money/format';
import type { PricingTable } from '../pricings/schemas';
import { PG_INT_MAX } from '../validation/fields';
import { validationMessages as m } from '../validation/messages';
import { computeDeclarationTax, type DeclarationTax } from './engine';
import { type DeclarationFigures, declarationFiguresSchema, MAX_NIGHTS } from './figures';
import { stayNightsFigures } from './stay-nights';

/** A stay as the calculator asks for it: so many nights, so many persons (some exempted), a price per night. */
export interface Stay {
  nights: number;
  persons: number;
  /** Persons exempted (minors, seasonal workers…), among `persons`. */
  exempted: number;
  /** Price of one night of the accommodation, excluding tax, for all its occupants. */
  pricePerNight: Cents;
}

/** The largest count of nights or persons a stay may have. */
export const STAY_MAX_COUNT = 999_999;

/** Empty says "required", anything else that is not a number says so. */
const numberError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? m.required() : m.number();

const stayCount = z
  .number({ error: numberError })
  .int({ error: m.integer() })
  .min(0, { error: m.min(0) })
  .max(STAY_MAX_COUNT, { error: m.max(STAY_MAX_COUNT) });

/**
 * A stay as a person types it in the calculator: whole counts, no more exempted persons than persons, a
 * price per night in cents (zero or more). Each message is the catalogue's, on its field.
 */
export const staySchema = z
  .object({
    nights: stayCount,
    persons: stayCount,
    exempted: stayCount,
    pricePerNight: z
      .number({ error: numberError })
      .int({ error: m.number() })
      .min(0, { error: m.min(0) })
      .max(PG_INT_MAX, { error: m.max(formatEuros(PG_INT_MAX)) }),
  })
  .superRefine((stay, ctx) => {
    if (stay.exempted > stay.persons) {
      ctx.addIssue({ code: 'custom', path: ['exempted'], message: m.max(stay.persons) });
    }
    // What the stay declares must fit a declaration: person-nights and the rent of all its nights.
    if (stay.nights > 0 && stay.nights * stay.persons > MAX_NIGHTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['persons'],
        message: m.max(Math.floor(MAX_NIGHTS / stay.nights)),
      });
    }
    if (stay.nights > 0 && stay.nights * stay.pricePerNight > PG_INT_MAX) {
      const most = Math.floor(PG_INT_MAX / stay.nights);
      ctx.addIssue({ code: 'custom', path: ['pricePerNight'], message: m.max(formatEuros(most)) });
    }
  }) satisfies z.ZodType<Stay>;

/**
 * The declaration figures of one stay, as the register computes a stay's nights (`stayNightsFigures`): the
 * whole stay falls in one band — below the table's threshold per night, or at or above it — and its rent is
 * the price × nights; the rent of the exempted share (prix*Min) is declared pro rata, it does not enter the tax.
 */
export function stayFigures(stay: Stay, threshold: Cents): DeclarationFigures | null {
  // The schema keeps a declaration's own fields: the register's platform count is left out.
  const figures = stayNightsFigures({
    nights: stay.nights,
    persons: stay.persons,
    exempted: stay.exempted,
    rent: stay.nights * stay.pricePerNight,
    band: stay.pricePerNight < threshold ? 'inf' : 'sup',
  });
  const result = declarationFiguresSchema.safeParse(figures);
  return result.success ? result.data : null;
}

/**
 * The tax of a stay for one type, its nights all under `table` (the calculator's table, the simulator's pricing
 * in force today), computed as the register computes a stay's nights; null if impossible.
 */
export function simulateStayFor(
  stay: Stay,
  type: EstablishmentType,
  table: PricingTable,
): DeclarationTax | null {
  const figures = stayFigures(stay, table.threshold);
  return figures ? computeDeclarationTax({ type, figures, pricing: table }) : null;
}

/** The tax of the stay for every type, in rank order, with the engine the server uses; null if impossible. */
export function simulateStay(
  stay: Stay,
  table: PricingTable,
): Array<{ type: EstablishmentType; tax: DeclarationTax }> | null {
  const figures = stayFigures(stay, table.threshold);
  if (!figures) return null;
  return ESTABLISHMENT_TYPES.map((type) => ({
    type,
    tax: computeDeclarationTax({ type, figures, pricing: table }),
  }));
}
