import { randomUUID } from 'node:crypto';
import type { LinkPurpose } from '@sejour/domain';
import { createTokenService } from '../../src/auth/tokens';
import { linkTokens } from '../../src/db/schema';
import { createUsersRepository } from '../../src/identity/repository';
import type { TestApp } from './test-app';

/** Pass it as `JWT_SECRET` to `createTestApp` to issue links without going through a mailbox. */
export const LINK_TEST_SECRET = 'link-tokens-of-the-tests-0123456789-abcdef';

/**
 * Issues a fresh link token as the account service would (a `link_tokens` row and its signed token), for an
 * app built with `JWT_SECRET: LINK_TEST_SECRET`. Cheap enough to use one link per request.
 */
export function linkIssuer(t: TestApp) {
  const tokens = createTokenService({ secret: LINK_TEST_SECRET, sessionTtlSeconds: 3600, now: t.clock.now });
  const users = createUsersRepository(t.database.db);
  return async (userId: number, purpose: LinkPurpose): Promise<string> => {
    const user = await users.findById(userId);
    if (!user) throw new Error(`no user ${userId}`);
    const at = t.clock.now();
    const expiresAt = new Date(Math.floor((at.getTime() + 3600_000) / 1000) * 1000);
    const jti = randomUUID();
    await t.database.db.insert(linkTokens).values({ jti, userId, purpose, expiresAt, createdAt: at });
    return tokens.signLink(user, { purpose, jti, expiresAt });
  };
}
