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
 * load balancer and survives a restart.
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

    /**
     * Reserves one slot of the key's window and says whether it was within the limit. One statement
     * (`INSERT … ON CONFLICT … DO UPDATE … RETURNING`): concurrent callers each get their own count, so a
     * burst never gets more than `limit` slots. Call it before the costly or guarded work, not after.
     */
    async reserve(key: string, rule: RateLimitRule): Promise<boolean> {
      const at = now();
      const windowFloor = new Date(at.getTime() - rule.windowMs);
      const expired = sql`${rateLimitCounters.windowStart} <= ${windowFloor}`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: at, count: 1 })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
            windowStart: sql`CASE WHEN ${expired} THEN ${at} ELSE ${rateLimitCounters.windowStart} END`,
          },
        })
        .returning({ count: rateLimitCounters.count });
      const count = row?.count ?? Number.POSITIVE_INFINITY;
      return count <= rule.limit;
    },

    /** Gives back a slot reserved for an attempt that turned out not to count (a successful login). */
    async release(key: string): Promise<void> {
      await db.execute(sql`
        UPDATE rate_limit_counters SET count = GREATEST(count - 1, 0) WHERE key = ${key}`);
    },

    /** Whether the key was marked within the last `withinMs` (see `mark`). */
    async markedSince(key: string, withinMs: number): Promise<boolean> {
      const floor = new Date(now().getTime() - withinMs);
      const rows = await db
        .select({ count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} = ${key} AND ${rateLimitCounters.windowStart} > ${floor}`);
      return rows.length > 0;
    },

    /** Records that something happened now under this key (its window starts again). */
    async mark(key: string): Promise<void> {
      const at = now();
      await db.execute(sql`
        INSERT INTO rate_limit_counters (key, window_start, count) VALUES (${key}, ${at}, 0)
        ON CONFLICT (key) DO UPDATE SET window_start = ${at}, count = 0`);
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
