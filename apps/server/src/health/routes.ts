import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { APP_VERSION } from '@sejour/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database';
import { ok } from '../http/error-handler';
import { envelope } from '../http/schemas';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; kind: string }> = async (
  app,
  { db, kind },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'État du service et de sa base',
        response: {
          200: envelope(z.object({ status: z.literal('ok'), version: z.string(), database: z.string() })),
        },
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return ok({ status: 'ok' as const, version: APP_VERSION, database: kind });
    },
  );
};
