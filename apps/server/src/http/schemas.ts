import { z } from 'zod';

/** Response schema of a success envelope, for the OpenAPI document and the serializer. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** Response schema of a paged list envelope. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    meta: z.object({
      total: z.number().int().nullable(),
      totalIsLowerBound: z.boolean().optional(),
      limit: z.number().int(),
      offset: z.number().int(),
    }),
  });
}
