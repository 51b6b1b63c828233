import { z } from 'zod';
import { natureSchema, starsSchema } from '../deliberation/natures';
import { pageParams } from '../lists/query';
import { establishmentOwnerSchema } from './schemas';
import { establishmentTypeSchema } from './types';

/** One nature and classification an establishment of a type may be, with its label. */
export const natureReadingSchema = z.object({
  nature: natureSchema,
  stars: starsSchema.nullable(),
  label: z.string(),
});
export type NatureReadingView = z.infer<typeof natureReadingSchema>;

/** `GET establishments/natures-to-confirm`: a typed establishment whose nature no one has confirmed yet. */
export const natureToConfirmSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: establishmentOwnerSchema,
  city: z.string().nullable(),
  type: establishmentTypeSchema,
  /** What it may be: every nature and classification whose row is its type. */
  readings: z.array(natureReadingSchema),
});
export type NatureToConfirm = z.infer<typeof natureToConfirmSchema>;

export const naturesToConfirmQuerySchema = z.object({ ...pageParams });
export type NaturesToConfirmQuery = z.output<typeof naturesToConfirmQuerySchema>;
