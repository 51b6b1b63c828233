import { z } from 'zod';
import { isoDateSchema } from '../calendar/dates';
import { basisPointsSchema, centsSchema } from '../money/schemas';

/** The split of NONE's nights, in cents excl. tax per night (100 € by default). */
export const DEFAULT_THRESHOLD_CENTS = 10_000;
/** Taxe additionnelle départementale (CGCT L3333-1, "Moselle" in the product): 10 %. */
export const DEFAULT_DEPARTMENTAL_RATE = 1_000;

/** A classified row as typed: the community-of-communes tariff, in cents per person and night. */
export const classifiedRowPayloadSchema = z.object({ tariff: centsSchema });
/** NONE's row as typed: a rate of the price per person and night, in basis points (4,4 % = 440). */
export const noneRowPayloadSchema = z.object({ rate: basisPointsSchema });

/**
 * The rows are keyed by establishment type rather than listed: "exactly one row per type" is then the shape
 * itself (a missing type is a required field, an unknown one is refused), and a field error's path
 * (`rows.HOTEL_3.tariff`) is the form field's name.
 */
export const pricingRowsPayloadSchema = z.strictObject({
  PALACES: classifiedRowPayloadSchema,
  HOTEL_5: classifiedRowPayloadSchema,
  HOTEL_4: classifiedRowPayloadSchema,
  HOTEL_3: classifiedRowPayloadSchema,
  HOTEL_2: classifiedRowPayloadSchema,
  HOTEL_1: classifiedRowPayloadSchema,
  CAMPING_345: classifiedRowPayloadSchema,
  CAMPING_12: classifiedRowPayloadSchema,
  NONE: noneRowPayloadSchema,
});

/**
 * Body of `POST pricings` and `PUT pricings/{id}` (the same: a PUT replaces the table). This is the shape
 * only; the legal rules are `pricingRuleErrors` (validation.ts), or both at once `validPricingPayloadSchema`.
 */
export const pricingPayloadSchema = z.object({
  beginDate: isoDateSchema,
  endDate: isoDateSchema,
  threshold: centsSchema.default(DEFAULT_THRESHOLD_CENTS),
  departmentalRate: basisPointsSchema.default(DEFAULT_DEPARTMENTAL_RATE),
  rows: pricingRowsPayloadSchema,
});
export type PricingPayload = z.output<typeof pricingPayloadSchema>;
export type PricingPayloadInput = z.input<typeof pricingPayloadSchema>;

/** A classified row as computed: departmental = tariff × departmental rate (to the cent), total = sum. */
export const classifiedRowSchema = z.object({
  tariff: centsSchema,
  departmental: centsSchema,
  total: centsSchema,
});
export type ClassifiedRow = z.infer<typeof classifiedRowSchema>;
/** NONE's row as computed: the cap of its per-person tariff is the highest tariff of the same table. */
export const noneRowSchema = z.object({ rate: basisPointsSchema, cap: centsSchema });
export type NoneRow = z.infer<typeof noneRowSchema>;

/** A pricing table with its computed columns: what the tax engine reads. */
export const pricingTableSchema = z.object({
  beginDate: isoDateSchema,
  endDate: isoDateSchema,
  threshold: centsSchema,
  departmentalRate: basisPointsSchema,
  rows: z.object({
    PALACES: classifiedRowSchema,
    HOTEL_5: classifiedRowSchema,
    HOTEL_4: classifiedRowSchema,
    HOTEL_3: classifiedRowSchema,
    HOTEL_2: classifiedRowSchema,
    HOTEL_1: classifiedRowSchema,
    CAMPING_345: classifiedRowSchema,
    CAMPING_12: classifiedRowSchema,
    NONE: noneRowSchema,
  }),
});
export type PricingTable = z.infer<typeof pricingTableSchema>;

/** A pricing as the API returns it. */
export const pricingSchema = pricingTableSchema.extend({ id: z.number().int() });
export type Pricing = z.infer<typeof pricingSchema>;
