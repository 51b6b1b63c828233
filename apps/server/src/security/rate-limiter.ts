import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimitCounters } from '../db/schema';
import { AppError } from '../http/errors';

export interface RateLimitRule {
  /** attempts allowed in one window */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database, so that a limit holds across every instance behind a
 * load balancer (design §3) and survives a restart.
 */
export function createRateLimiter(db: Database, now: () => Date) {
  async function current(key: string, rule: RateLimitRule): Promise<number> {
    const windowFloor = new Date(now().getTime() - rule.windowMs);
    const rows = await db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${key} AND ${rateLimitCounters.windowStart} > ${windowFloor}`);
    return rows[0]?.count ?? 0;
  }

  return {
    /** Throws `rate_limited` when any of the keys has used its window up. */
    async assertAllowed(keys: string[], rule: RateLimitRule): Promise<void> {
      for (const key of keys) {
        if ((await current(key, rule)) >= rule.limit) throw new AppError('rate_limited');
      }
    },

    /** Counts one attempt against each key. */
    async record(keys: string[], rule: RateLimitRule): Promise<void> {
      const at = now();
      const windowFloor = new Date(at.getTime() - rule.windowMs);
      for (const key of keys) {
        await db.execute(sql`
          INSERT INTO rate_limit_counters (key, window_start, count) VALUES (${key}, ${at}, 1)
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN rate_limit_counters.window_start <= ${windowFloor} THEN 1
                         ELSE rate_limit_counters.count + 1 END,
            window_start = CASE WHEN rate_limit_counters.window_start <= ${windowFloor} THEN ${at}
                                ELSE rate_limit_counters.window_start END`);
      }
    },

    async reset(keys: string[]): Promise<void> {
      for (const key of keys)
        await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
