import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { useApp } from './fixture';
import {
  accountLinkCalls,
  COLLECTIVITY,
  HOUR,
  linkOf,
  NEW_PASSWORD,
  PUBLIC_URL,
} from './helpers/account-links';
import { parseMail } from './helpers/smtp-catcher';
import { createTestApp } from './helpers/test-app';

/** The account mails: how many may be asked for, and how they are delivered. */

const t = useApp({ mail: true });
let adminUser: UserRow;

beforeAll(async () => {
  adminUser = await t.createUser({ role: 'admin' });
});

const { nextIp, nextMailTo, mailsTo, askActivation, askReset, submit, pendingUser } = accountLinkCalls(
  () => ({ t, smtp: t.smtp, adminUser }),
);

describe('rate limits', () => {
  it('ask-reset-password: the eleventh request of an hour from one address is refused', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await askReset(`someone-${i}`, ip)).statusCode).toBe(200);
    const blocked = await askReset('someone-else', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    expect((await askReset('someone-else', nextIp())).statusCode).toBe(200);
    t.clock.advance(HOUR + 1000);
    expect((await askReset('someone-else', ip)).statusCode).toBe(200);
  });

  it('ask-reset-password: three mails an hour per account, then silence with the same answer', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 5; i++) {
      const answer = await askReset(i % 2 ? user.email : user.username);
      expect(answer.statusCode).toBe(200);
    }
    expect(await mailsTo(user.email)).toHaveLength(3);
    t.clock.advance(HOUR + 1000);
    await askReset(user.username);
    expect(await mailsTo(user.email)).toHaveLength(4);
  });

  it('ask-activation: five an hour per account', async () => {
    const user = await pendingUser();
    for (let i = 0; i < 5; i++) expect((await askActivation(user.id)).statusCode).toBe(200);
    expect((await askActivation(user.id)).statusCode).toBe(429);
    expect(await mailsTo(user.email)).toHaveLength(5);
  });

  it('password submissions through links: twenty per quarter of an hour per address', async () => {
    const user = await pendingUser();
    await askActivation(user.id);
    const { token } = linkOf(await nextMailTo(user.email));
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await submit('activate-account', user.id, token, 'azertyuiop', ip)).statusCode).toBe(400);
    }
    expect((await submit('activate-account', user.id, token, NEW_PASSWORD, ip)).statusCode).toBe(429);
    expect((await submit('activate-account', user.id, token, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('mail delivery', () => {
  it('a refused send is retried; the request answered at once', async () => {
    const user = await t.createUser();
    t.smtp.failNext(2);
    const answer = await askReset(user.username);
    expect(answer.statusCode).toBe(200);
    const mail = await nextMailTo(user.email);
    expect(linkOf(mail).userId).toBe(user.id);
  });

  it('a mail that cannot be sent is given up after the retries; the caller still gets its answer', async () => {
    const user = await t.createUser();
    t.smtp.failNext(3);
    expect((await askReset(user.username)).statusCode).toBe(200);
    await t.app.mailer.idle();
    expect(await mailsTo(user.email)).toHaveLength(0);
    t.smtp.failNext(0);
    await askReset(user.username);
    await nextMailTo(user.email);
  });

  it('without SMTP_URL, each mail is written to DATA_DIR/outbox as an .eml file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sejour-outbox-'));
    const embedded = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL, COLLECTIVITY_NAME: COLLECTIVITY });
    try {
      expect(embedded.app.mailer.kind).toBe('outbox');
      const user = await embedded.createUser();
      const answer = await embedded.call({
        method: 'POST',
        url: '/api/users/ask-reset-password',
        payload: { username: user.username },
      });
      expect(answer.statusCode).toBe(200);
      await embedded.app.mailer.idle();
      const files = readdirSync(join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = parseMail(readFileSync(join(dataDir, 'outbox', files[0] ?? ''), 'utf8'), {
        from: '',
        to: [],
      });
      expect(mail.subject).toContain('Réinitialisation');
      expect(mail.links[0]).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=`));
    } finally {
      await embedded.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
