import { z } from 'zod';
import { centsSchema } from '../money/schemas';
import { noneRowSchema, pricingPayloadSchema } from '../pricings/schemas';
import { COMPONENT_KINDS, componentsSchema, unitChargeSchema } from './components';

/**
 * The body of `POST pricings` and `PUT pricings/{id}`: today's pricing, and the deliberation's own parts when
 * the admin entered them. Left out, they are what a pricing has always been (the departmental component from
 * `departmentalRate`, taxed all year, no low-rent threshold); no default is filled in here, so that the server
 * knows which of `departmentalRate` and `components` the admin meant. The periods' rules (days of the year, none
 * overlapping) are `pricingBodyRuleErrors`' (pricing-deliberation.ts), which keeps this module light for every
 * screen that reads the contracts.
 */
export const pricingBodySchema = pricingPayloadSchema.extend({
  components: componentsSchema.optional(),
  collectionPeriods: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
  lowRentThreshold: centsSchema.nullable().optional(),
});
export type PricingBody = z.output<typeof pricingBodySchema>;
export type PricingBodyInput = z.input<typeof pricingBodySchema>;

/** A component that is on, as the API shows it: its rate and beneficiary, its label and article. */
export const pricingComponentSchema = z.object({
  kind: z.enum(COMPONENT_KINDS),
  rate: z.number().int(),
  beneficiary: z.string(),
  label: z.string(),
  legalBasis: z.string(),
});

/**
 * A pricing's deliberation as `GET pricings` answers it, beside today's columns: the components that are on,
 * each classified row's units (the tariff, each component rounded on its own, the total), NONE's rate and cap,
 * the collection periods and the low-rent threshold.
 */
export const pricingDeliberationSchema = z.object({
  components: z.array(pricingComponentSchema),
  /** Every component as entered, on or off: what the form edits back. */
  settings: componentsSchema,
  rows: z.object({
    PALACES: unitChargeSchema,
    HOTEL_5: unitChargeSchema,
    HOTEL_4: unitChargeSchema,
    HOTEL_3: unitChargeSchema,
    HOTEL_2: unitChargeSchema,
    HOTEL_1: unitChargeSchema,
    CAMPING_345: unitChargeSchema,
    CAMPING_12: unitChargeSchema,
    NONE: noneRowSchema,
  }),
  collectionPeriods: z.array(z.object({ from: z.string(), to: z.string() })),
  lowRentThreshold: centsSchema.nullable(),
});
export type PricingDeliberation = z.infer<typeof pricingDeliberationSchema>;
