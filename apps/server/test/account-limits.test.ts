import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ASK_ACTIVATION_ACCOUNT_LIMIT,
  ASK_RESET_IP_LIMIT,
  LINK_USE_IP_LIMIT,
} from '../src/activation/service';
import { selectRows } from '../src/db/database';
import { useApp } from './fixture';
import { LINK_TEST_SECRET, linkIssuer } from './helpers/link-token';
import { TEST_PASSWORD } from './helpers/test-app';

/**
 * The limits of the account mails and links hold under a burst of parallel requests (each request reserves
 * its slot in one statement), and the counters of the limits do not pile up.
 */
const t = useApp({ env: { JWT_SECRET: LINK_TEST_SECRET }, sessions: ['admin'] });

let addressCounter = 0;
function freshAddress(): string {
  addressCounter += 1;
  return `10.${40 + Math.floor(addressCounter / 62500)}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe('bursts get no more than the limit', () => {
  it('ask-reset-password: 25 parallel requests from one address, exactly the limit answered', async () => {
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.call({
          method: 'POST',
          url: '/api/users/ask-reset-password',
          remoteAddress: address,
          payload: { username: `nobody${i}@example.test` },
        }),
      ),
    );
    const codes = statuses(answers);
    expect(count(codes, 200)).toBe(ASK_RESET_IP_LIMIT.limit);
    expect(count(codes, 429)).toBe(25 - ASK_RESET_IP_LIMIT.limit);
  });

  it('ask-activation: 12 parallel requests for one account, exactly the limit sent', async () => {
    const pending = await t.createUser({ activated: false, passwordHash: null });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.call({
          method: 'POST',
          url: `/api/users/${pending.id}/ask-activation`,
          token: t.tokens.admin,
          remoteAddress: freshAddress(),
        }),
      ),
    );
    const codes = statuses(answers);
    expect(count(codes, 200)).toBe(ASK_ACTIVATION_ACCOUNT_LIMIT.limit);
    expect(count(codes, 429)).toBe(12 - ASK_ACTIVATION_ACCOUNT_LIMIT.limit);
  });

  it('link use: 30 parallel password submissions from one address, the surplus refused before any check', async () => {
    const pending = await t.createUser({ activated: false, passwordHash: null });
    const token = await linkIssuer(t)(pending.id, 'activate');
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call({
          method: 'POST',
          url: `/api/users/${pending.id}/activate-account`,
          token,
          remoteAddress: address,
          // Long enough for the schema, too weak for the policy: the link is never spent.
          payload: { password: 'aaaaaaaa' },
        }),
      ),
    );
    const codes = statuses(answers);
    expect(count(codes, 429)).toBe(30 - LINK_USE_IP_LIMIT.limit);
  });
});

describe('the counters are purged', () => {
  const keys = async () =>
    (await selectRows<{ key: string }>(t.database.db, sql`SELECT key FROM rate_limit_counters`)).map(
      (r) => r.key,
    );
  const login = (username: string, password: string, remoteAddress = freshAddress()) =>
    t.call({ method: 'POST', url: '/api/users/login', remoteAddress, payload: { username, password } });

  it('unknown usernames leave no rows once their windows are over; known addresses are kept a month', async () => {
    for (let i = 0; i < 15; i++) await login(`ghost${i}`, 'wrong-password-1');
    const user = await t.createUser();
    const home = freshAddress();
    expect((await login(user.username, TEST_PASSWORD, home)).statusCode).toBe(200);
    expect((await keys()).filter((k) => k.includes('ghost')).length).toBeGreaterThanOrEqual(15);

    t.clock.advance(2 * 3600_000);
    await login('trigger1', 'wrong-password-1');
    const afterHours = await keys();
    expect(afterHours.filter((k) => k.includes('ghost'))).toEqual([]);
    expect(afterHours).toContain(`login:known:${user.id}:ip:${home}`);

    t.clock.advance(31 * 24 * 3600_000);
    await login('trigger2', 'wrong-password-1');
    const afterMonth = await keys();
    expect(afterMonth).not.toContain(`login:known:${user.id}:ip:${home}`);
    expect(afterMonth.filter((k) => k.includes('trigger1'))).toEqual([]);
  });
});
