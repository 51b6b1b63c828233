import { z } from 'zod';
import { monthSchema } from '../calendar/months';
import { pricingDeliberationSchema } from '../deliberation/pricing-body';
import { validationMessages as m } from '../validation/messages';
import { pricingSchema } from './schemas';
import { PRICING_STATES } from './state';

export const pricingStateSchema = z.enum(PRICING_STATES);

/**
 * A pricing as `GET/POST/PUT pricings` answer it: the computed table, its state on the collectivity's today,
 * and (for admins only) how many done declarations were computed with it — those freeze what they used.
 * `deliberation` is the same table as the collectivity deliberated it: every component, period and threshold.
 */
export const pricingDetailSchema = pricingSchema.extend({
  state: pricingStateSchema,
  deliberation: pricingDeliberationSchema,
  doneDeclarations: z.number().int().min(0).optional(),
});
export type PricingDetail = z.infer<typeof pricingDetailSchema>;

/** `GET pricings/in-force?year=&month=`: the pricing that covers every day of that month. */
export const pricingInForceQuerySchema = z.object({
  year: z.coerce
    .number({ error: m.number() })
    .int({ error: m.number() })
    .min(2000, { error: m.min(2000) })
    .max(2100, { error: m.max(2100) }),
  month: z.coerce.number({ error: m.number() }).pipe(monthSchema),
});
export type PricingInForceQuery = z.infer<typeof pricingInForceQuerySchema>;
