import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimitCounters } from '../db/schema';

export interface RateLimitRule {
  /** attempts allowed in one window */
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long rows are kept. A counter (count ≥ 1) is of no use once its window is over, and no window is
 * longer than `counterMs`; a mark (count 0, see `mark`) is read back over `markMs` at most. Anything older
 * is deleted, so that keys nobody reuses (unknown usernames, one-off addresses) do not pile up.
 */
export interface RateLimitRetention {
  counterMs: number;
  markMs: number;
  /** Least time between two purges (each runs on the first call after it). */
  purgeEveryMs: number;
}

export const DEFAULT_RETENTION: RateLimitRetention = {
  counterMs: HOUR,
  markMs: 30 * DAY,
  purgeEveryMs: MINUTE,
};

/**
 * Fixed-window counters kept in the database, so that a limit holds across every instance behind a
 * load balancer and survives a restart.
 */
export function createRateLimiter(
  db: Database,
  now: () => Date,
  retention: RateLimitRetention = DEFAULT_RETENTION,
) {
  let lastPurge = Number.NEGATIVE_INFINITY;

  /** Deletes the rows no rule can read any more. */
  async function purgeExpired(): Promise<void> {
    const at = now().getTime();
    lastPurge = at;
    const counterFloor = new Date(at - retention.counterMs);
    const markFloor = new Date(at - retention.markMs);
    await db.execute(sql`
      DELETE FROM rate_limit_counters
      WHERE window_start < ${markFloor} OR (count > 0 AND window_start < ${counterFloor})`);
  }

  /** The first call of the process purges, then one call a `purgeEveryMs` at most. */
  async function purgeIfDue(): Promise<void> {
    if (now().getTime() - lastPurge >= retention.purgeEveryMs) await purgeExpired();
  }

  /**
   * Reserves one slot of the key's window and says whether it was within the limit. One statement
   * (`INSERT … ON CONFLICT … DO UPDATE … RETURNING`): concurrent callers each get their own count, so a
   * burst never gets more than `limit` slots. Call it before the costly or guarded work, not after.
   */
  async function reserve(key: string, rule: RateLimitRule): Promise<boolean> {
    if (rule.windowMs > retention.counterMs) {
      throw new Error(`A window of ${rule.windowMs} ms outlives the counters' retention.`);
    }
    await purgeIfDue();
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
  }

  return {
    purgeExpired,
    reserve,

    /** Reserves a slot of each key in turn; false as soon as one is over its limit. */
    async reserveAll(entries: [key: string, rule: RateLimitRule][]): Promise<boolean> {
      for (const [key, rule] of entries) {
        if (!(await reserve(key, rule))) return false;
      }
      return true;
    },

    /** Gives back a slot reserved for an attempt that turned out not to count (a successful login). */
    async release(key: string): Promise<void> {
      await db.execute(sql`
        UPDATE rate_limit_counters SET count = GREATEST(count - 1, 0) WHERE key = ${key}`);
    },

    /** Whether the key was marked within the last `withinMs` (see `mark`). */
    async markedSince(key: string, withinMs: number): Promise<boolean> {
      if (withinMs > retention.markMs) throw new Error(`${withinMs} ms outlives the marks' retention.`);
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

    async reset(keys: string[]): Promise<void> {
      for (const key of keys)
        await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
