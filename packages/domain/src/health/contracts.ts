import { z } from 'zod';
import { defineRoute } from '../contracts/contract';

export const healthSchema = z.object({ status: z.literal('ok'), version: z.string(), database: z.string() });
export type Health = z.infer<typeof healthSchema>;

export const healthApi = {
  get: defineRoute({
    method: 'GET',
    path: '/health',
    summary: 'État du service et de sa base',
    tags: ['health'],
    access: 'public',
    response: healthSchema,
    errors: [],
  }),
};
