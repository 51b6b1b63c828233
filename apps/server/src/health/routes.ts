import { APP_VERSION, healthApi } from '@sejour/domain';
import { sql } from 'drizzle-orm';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';

export const register: RegisterFeature = (api, { db, databaseKind }) => {
  routes(api, healthApi, {
    async get() {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, version: APP_VERSION, database: databaseKind };
    },
  });
};
