import type { LinkPurpose } from '@sejour/domain';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { linkTokens } from '../db/schema';

/** How long a link works: an activation link 7 days, a reset link 1 hour. */
export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  activate: 7 * 24 * 3600 * 1000,
  reset: 3600 * 1000,
};

export type ConsumeResult = 'ok' | 'used' | 'expired' | 'invalid';

/** The `link_tokens` rows: one per link sent; `used_at` makes it single-use. */
export function createLinkTokensRepository(db: Executor) {
  return {
    async insert(row: {
      jti: string;
      userId: number;
      purpose: LinkPurpose;
      expiresAt: Date;
      createdAt: Date;
    }) {
      await db.insert(linkTokens).values(row);
    },

    /** Expired rows of a user are of no use any more (the token's own `exp` refuses them first). */
    async deleteExpired(userId: number, now: Date) {
      await db.delete(linkTokens).where(and(eq(linkTokens.userId, userId), lt(linkTokens.expiresAt, now)));
    },

    /**
     * Marks the link used if it still may be. One conditional UPDATE: of two concurrent uses, the second
     * waits for the first's row lock, then finds `used_at` set. Says why when it may not.
     */
    async consume(
      jti: string,
      expected: { userId: number; purpose: LinkPurpose },
      now: Date,
    ): Promise<ConsumeResult> {
      const [used] = await db
        .update(linkTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(linkTokens.jti, jti),
            eq(linkTokens.userId, expected.userId),
            eq(linkTokens.purpose, expected.purpose),
            isNull(linkTokens.usedAt),
            gt(linkTokens.expiresAt, now),
          ),
        )
        .returning({ jti: linkTokens.jti });
      if (used) return 'ok';
      return this.stateOf(jti, expected, now);
    },

    /** Whether the link could be used now, and why not, without using it. */
    async stateOf(
      jti: string,
      expected: { userId: number; purpose: LinkPurpose },
      now: Date,
    ): Promise<ConsumeResult> {
      const [row] = await db.select().from(linkTokens).where(eq(linkTokens.jti, jti)).limit(1);
      if (!row || row.userId !== expected.userId || row.purpose !== expected.purpose) return 'invalid';
      if (row.usedAt) return 'used';
      if (row.expiresAt <= now) return 'expired';
      return 'ok';
    },
  };
}
