import { z } from 'zod';
import { centsSchema } from '../money/schemas';
import { noneRowSchema, pricingPayloadSchema } from '../pricings/schemas';
import { text } from '../validation/fields';
import { COMPONENT_KINDS, componentRateSchema } from './components';
import { NATURES } from './natures';

/**
 * The body of `POST pricings` and `PUT pricings/{id}`: today's pricing, and the deliberation's own parts when
 * the admin entered them. Left out, they are what a pricing has always been (the departmental component from
 * `departmentalRate`, taxed all year, no low-rent threshold); no default is filled in here, so that the server
 * knows which of `departmentalRate` and `components` the admin meant. Only the shape is here: the components' own
 * schema (`componentsSchema`: French messages, defaults) and the periods' (days of the year, none overlapping)
 * are applied by `pricingBodyRuleErrors` and `storedPricingOfBody` (pricing-deliberation.ts). Every screen loads
 * the contracts, and these schemas would weigh on each of them.
 */
const bodyComponentSchema = z
  .object({ enabled: z.boolean(), rate: componentRateSchema, beneficiary: text({ max: 200 }) })
  .partial()
  .optional();

export const pricingBodySchema = pricingPayloadSchema.extend({
  components: z
    .strictObject({
      DEPARTMENTAL: bodyComponentSchema,
      ILE_DE_FRANCE: bodyComponentSchema,
      IDF_MOBILITES: bodyComponentSchema,
      RAILWAY_LINE: bodyComponentSchema,
    })
    .optional(),
  collectionPeriods: z
    .array(z.object({ from: text({ max: 5 }), to: text({ max: 5 }) }))
    .max(100)
    .optional(),
  lowRentThreshold: centsSchema.nullable().optional(),
  /** Natures au forfait and the abatement bands (`forfaitSettingsSchema` judges them). */
  forfait: z
    .object({
      natures: z
        .array(text({ max: 40 }))
        .max(20)
        .optional(),
      abatements: z
        .array(z.object({ fromNights: z.number(), rate: z.number() }).partial())
        .max(20)
        .optional(),
    })
    .optional(),
});
export type PricingBody = z.output<typeof pricingBodySchema>;
export type PricingBodyInput = z.input<typeof pricingBodySchema>;

/** A component as entered, on or off. */
const componentSettingSchema = z.object({
  enabled: z.boolean(),
  rate: z.number().int(),
  beneficiary: z.string(),
});

/** A row's units per person-night, as `unitCharge` computes them (light: the answer is only serialised). */
const rowUnitsSchema = z.object({
  base: z.number().int(),
  components: z.array(
    z.object({ kind: z.enum(COMPONENT_KINDS), rate: z.number().int(), unit: z.number().int() }),
  ),
  total: z.number().int(),
});

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
  settings: z.object({
    DEPARTMENTAL: componentSettingSchema,
    ILE_DE_FRANCE: componentSettingSchema,
    IDF_MOBILITES: componentSettingSchema,
    RAILWAY_LINE: componentSettingSchema,
  }),
  rows: z.object({
    PALACES: rowUnitsSchema,
    HOTEL_5: rowUnitsSchema,
    HOTEL_4: rowUnitsSchema,
    HOTEL_3: rowUnitsSchema,
    HOTEL_2: rowUnitsSchema,
    HOTEL_1: rowUnitsSchema,
    CAMPING_345: rowUnitsSchema,
    CAMPING_12: rowUnitsSchema,
    NONE: noneRowSchema,
  }),
  collectionPeriods: z.array(z.object({ from: z.string(), to: z.string() })),
  lowRentThreshold: centsSchema.nullable(),
  /** The natures au forfait (the others au réel) and the abatement by length of opening. */
  forfait: z.object({
    natures: z.array(z.enum(NATURES)),
    abatements: z.array(z.object({ fromNights: z.number().int(), rate: z.number().int() })),
  }),
});
export type PricingDeliberation = z.infer<typeof pricingDeliberationSchema>;
