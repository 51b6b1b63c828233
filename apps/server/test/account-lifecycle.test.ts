import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { type CaughtMail, parseMail, type SmtpCatcher, startSmtpCatcher } from './helpers/smtp-catcher';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';

const PUBLIC_URL = 'https://sejour.example.fr';
const COLLECTIVITY = 'Communauté de communes du Saulnois';
const MAIL_FROM = 'Taxe de séjour <taxe@saulnois.example.fr>';
const NEW_PASSWORD = 'Mirabelles-de-Lorraine-7';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let smtp: SmtpCatcher;
let adminUser: UserRow;
let superadminUser: UserRow;
const sessions = new Map<string, string>();

/** A session of that user, logged in again when the tests' clock has moved past its expiry. */
async function sessionOf(user: UserRow): Promise<string> {
  const cached = sessions.get(user.username);
  if (cached && (decodeJwt(cached).exp ?? 0) * 1000 > t.clock.now().getTime() + 60_000) return cached;
  const token = await t.login(user.username, TEST_PASSWORD);
  sessions.set(user.username, token);
  return token;
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp(
    { PUBLIC_URL, COLLECTIVITY_NAME: COLLECTIVITY, MAIL_FROM },
    {
      mail: {
        transport: nodemailer.createTransport({
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          ignoreTLS: true,
        }),
        retryDelaysMs: [20, 40],
      },
    },
  );
  adminUser = await t.createUser({ role: 'admin' });
  superadminUser = await t.createUser({ role: 'superadmin' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Each test calls from its own addresses, so that the per-address limits of one do not touch another. */
let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** Mails already handed to a test: each is read once. */
const seen = new Set<CaughtMail>();
async function nextMailTo(email: string): Promise<CaughtMail> {
  const mail = await smtp.waitFor((m) => !seen.has(m) && m.to.includes(email));
  seen.add(mail);
  return mail;
}
async function mailsTo(email: string): Promise<CaughtMail[]> {
  await t.app.mailer.idle();
  return smtp.mails.filter((m) => m.to.includes(email));
}

function linkOf(mail: CaughtMail): { url: URL; token: string; userId: number } {
  const link = mail.links.find((l) => l.startsWith(PUBLIC_URL));
  if (!link) throw new Error(`no link in: ${mail.text}`);
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? '';
  return { url, token, userId: (decodeJwt(token).user as { id: number }).id };
}

async function askActivation(userId: number, token?: string, ip = nextIp()) {
  return t.call({
    method: 'POST',
    url: `/api/users/${userId}/ask-activation`,
    token: token ?? (await sessionOf(adminUser)),
    remoteAddress: ip,
  });
}
function askReset(username: string, ip = nextIp()) {
  return t.call({
    method: 'POST',
    url: '/api/users/ask-reset-password',
    payload: { username },
    remoteAddress: ip,
  });
}
function submit(
  kind: 'activate-account' | 'reset-password',
  userId: number,
  token: string,
  password = NEW_PASSWORD,
  ip = nextIp(),
) {
  return t.call({
    method: 'POST',
    url: `/api/users/${userId}/${kind}`,
    token,
    payload: { password },
    remoteAddress: ip,
  });
}
function me(token: string) {
  return t.call({ method: 'GET', url: '/api/users/me', token });
}
function pendingUser(overrides: Partial<UserRow> = {}) {
  return t.createUser({ activated: false, passwordHash: null, ...overrides });
}

describe('activation by e-mail', () => {
  it('an admin asks; the user follows the link, chooses a password and is logged in', async () => {
    const user = await pendingUser({ firstname: 'Paulette', lastname: 'Marchal' });
    const asked = await askActivation(user.id);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, data: null });

    const mail = await nextMailTo(user.email);
    expect(mail.from).toBe('taxe@saulnois.example.fr');
    expect(mail.subject).toBe(`Activez votre compte Séjour – taxe de séjour, ${COLLECTIVITY}`);
    expect(mail.text).toContain('Bonjour Paulette Marchal,');
    expect(mail.text).toContain(COLLECTIVITY);
    expect(mail.text).toContain(`Votre identifiant : ${user.username}`);
    expect(mail.text).toContain('valable 7 jours');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Activer mon compte');
    expect(mail.html).toContain('#1c5d8f');
    const { url, token, userId } = linkOf(mail);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/activate-account`);
    expect(userId).toBe(user.id);
    expect(mail.html).toContain(`href="${url.href}"`);
    const payload = decodeJwt(token);
    expect(payload).toMatchObject({ purpose: 'activate', user: { id: user.id } });
    expect(payload.exp).toBe(Math.floor(t.clock.now().getTime() / 1000) + 7 * 24 * 3600);

    const activated = await submit('activate-account', user.id, token);
    expect(activated.statusCode).toBe(200);
    const session = activated.json().data as string;
    expect(decodeJwt(session)).not.toHaveProperty('purpose');
    const profile = await me(session);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ id: user.id, activated: true });
    await expect(t.login(user.username, NEW_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('a link works once', async () => {
    const user = await pendingUser();
    await askActivation(user.id);
    const { token } = linkOf(await nextMailTo(user.email));
    expect((await submit('activate-account', user.id, token)).statusCode).toBe(200);
    const again = await submit('activate-account', user.id, token, 'Another-fine-password-8');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ success: false, code: 'link_used' });
    await expect(t.login(user.username, NEW_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('two uses at the same time: one wins, the other is told the link is used', async () => {
    const user = await pendingUser();
    await askActivation(user.id);
    const { token } = linkOf(await nextMailTo(user.email));
    const results = await Promise.all([
      submit('activate-account', user.id, token, 'First-of-two-passwords-1'),
      submit('activate-account', user.id, token, 'Second-of-two-passwords-2'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect(results.find((r) => r.statusCode === 410)?.json().code).toBe('link_used');
  });

  it('a link expires after 7 days', async () => {
    const early = await pendingUser();
    const late = await pendingUser();
    await askActivation(early.id);
    await askActivation(late.id);
    const earlyLink = linkOf(await nextMailTo(early.email));
    const lateLink = linkOf(await nextMailTo(late.email));
    t.clock.advance(7 * DAY - 60_000);
    expect((await submit('activate-account', early.id, earlyLink.token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const expired = await submit('activate-account', late.id, lateLink.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'link_expired',
      message: 'Ce lien a expiré. Demandez-en un nouveau.',
    });
    // A new link, asked again, works.
    await askActivation(late.id);
    const fresh = linkOf(await nextMailTo(late.email));
    expect((await submit('activate-account', late.id, fresh.token)).statusCode).toBe(200);
  });

  it('refuses a weak password without spending the link, with the policy’s French message', async () => {
    const user = await pendingUser();
    await askActivation(user.id);
    const { token } = linkOf(await nextMailTo(user.email));
    for (const [password, message] of [
      [
        'motdepasse',
        'Ce mot de passe fait partie des mots de passe les plus courants : choisissez-en un autre.',
      ],
      ['qsdfghjklm', expect.stringMatching(/^Ce mot de passe est trop facile à deviner\./)],
      ['court', expect.stringMatching(/^Veuillez utiliser au moins 8 caractères/)],
      [`${user.username}2026`, expect.stringMatching(/^Ce mot de passe est trop facile à deviner\./)],
    ] as const) {
      const refused = await submit('activate-account', user.id, token, password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_error', errors: { password: message } });
    }
    expect((await submit('activate-account', user.id, token)).statusCode).toBe(200);
  });

  it('the link’s token opens its own endpoint only, for its own user', async () => {
    const user = await pendingUser();
    const other = await pendingUser();
    await askActivation(user.id);
    const { token } = linkOf(await nextMailTo(user.email));

    expect((await me(token)).json().code).toBe('token_invalid');
    const changePassword = await t.call({
      method: 'PUT',
      url: '/api/users/change-password',
      token,
      payload: { currentPassword: 'x', password: NEW_PASSWORD },
    });
    expect(changePassword.json().code).toBe('token_invalid');
    expect((await askActivation(user.id, token)).json().code).toBe('token_invalid');
    const asReset = await submit('reset-password', user.id, token);
    expect(asReset.statusCode).toBe(401);
    expect(asReset.json().code).toBe('link_invalid');
    const otherUser = await submit('activate-account', other.id, token);
    expect(otherUser.statusCode).toBe(403);
    expect(otherUser.json().code).toBe('forbidden');
    // A session token is not a link either.
    expect((await submit('activate-account', adminUser.id, await sessionOf(adminUser))).json().code).toBe(
      'link_invalid',
    );
    // None of this spent the link.
    expect((await submit('activate-account', user.id, token)).statusCode).toBe(200);
  });

  it('ask-activation: admins only, an admin’s account by a superadmin only, never an active account', async () => {
    const host = await t.createUser();
    const hostToken = await t.login(host.username, TEST_PASSWORD);
    const pending = await pendingUser();
    const pendingAdmin = await pendingUser({ role: 'admin' });

    expect((await askActivation(pending.id, hostToken)).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: `/api/users/${pending.id}/ask-activation` })).statusCode,
    ).toBe(401);
    expect((await askActivation(pendingAdmin.id, await sessionOf(adminUser))).json().code).toBe('forbidden');
    expect((await askActivation(pendingAdmin.id, await sessionOf(superadminUser))).statusCode).toBe(200);
    await nextMailTo(pendingAdmin.email);
    const active = await askActivation(host.id);
    expect(active.statusCode).toBe(409);
    expect(active.json().code).toBe('account_already_activated');
    expect((await askActivation(999_999)).statusCode).toBe(404);
    const archived = await pendingUser({ archived: true });
    expect((await askActivation(archived.id)).json().code).toBe('account_disabled');
  });
});

describe('password reset by e-mail', () => {
  it('by username or e-mail: the link sets a new password, and every earlier session dies', async () => {
    const user = await t.createUser({ firstname: 'Henri' });
    const session1 = await t.login(user.username, TEST_PASSWORD);
    const session2 = await t.login(user.email, TEST_PASSWORD);

    const asked = await askReset(user.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, data: null });
    const mail = await nextMailTo(user.email);
    expect(mail.subject).toBe(`Réinitialisation de votre mot de passe Séjour – ${COLLECTIVITY}`);
    expect(mail.text).toContain('Bonjour Henri,');
    expect(mail.text).toContain('valable 1 heure');
    const { url, token } = linkOf(mail);
    expect(url.pathname).toBe('/reset-password');
    expect(decodeJwt(token)).toMatchObject({ purpose: 'reset' });

    const reset = await submit('reset-password', user.id, token);
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().data as string;
    for (const old of [session1, session2]) {
      const refused = await me(old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('token_invalid');
    }
    expect((await me(fresh)).statusCode).toBe(200);
    await expect(t.login(user.username, TEST_PASSWORD)).rejects.toThrow();
    await expect(t.login(user.username, NEW_PASSWORD)).resolves.toBeTypeOf('string');

    const again = await submit('reset-password', user.id, token, 'Yet-another-password-5');
    expect(again.json().code).toBe('link_used');
  });

  it('using one link kills the others sent before', async () => {
    const user = await t.createUser();
    await askReset(user.username);
    const first = linkOf(await nextMailTo(user.email));
    await askReset(user.username);
    const second = linkOf(await nextMailTo(user.email));
    expect((await submit('reset-password', user.id, second.token)).statusCode).toBe(200);
    expect(
      (await submit('reset-password', user.id, first.token, 'Other-password-for-Henri-3')).json().code,
    ).toBe('link_used');
  });

  it('a reset link expires after 1 hour', async () => {
    const user = await t.createUser();
    await askReset(user.username);
    const { token } = linkOf(await nextMailTo(user.email));
    t.clock.advance(HOUR + 1000);
    const expired = await submit('reset-password', user.id, token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('link_expired');
    await expect(t.login(user.username, TEST_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('answers the same whether or not the account exists, and sends nothing to nobody', async () => {
    const disabled = await t.createUser({ disabled: true });
    const archived = await t.createUser({ archived: true });
    const before = smtp.mails.length;
    const answers = await Promise.all(
      ['nobody-at-all', 'ghost@example.test', disabled.username, archived.email].map((u) => askReset(u)),
    );
    const known = await t.createUser();
    const knownAnswer = await askReset(known.username);
    for (const answer of [...answers, knownAnswer]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(knownAnswer.body);
    }
    await nextMailTo(known.email);
    await t.app.mailer.idle();
    expect(smtp.mails.length).toBe(before + 1);
  });

  it('an account not activated yet gets its activation link instead', async () => {
    const user = await pendingUser();
    await askReset(user.username);
    const mail = await nextMailTo(user.email);
    expect(mail.subject).toMatch(/^Activez votre compte/);
    const { url, token } = linkOf(mail);
    expect(url.pathname).toBe('/activate-account');
    expect((await submit('activate-account', user.id, token)).statusCode).toBe(200);
  });

  it('validates the request in French', async () => {
    const response = await t.call({ method: 'POST', url: '/api/users/ask-reset-password', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      errors: { username: 'Veuillez compléter ce champ.' },
    });
  });
});

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
    smtp.failNext(2);
    const answer = await askReset(user.username);
    expect(answer.statusCode).toBe(200);
    const mail = await nextMailTo(user.email);
    expect(linkOf(mail).token).toBeTruthy();
  });

  it('a mail that cannot be sent is given up after the retries; the caller still gets its answer', async () => {
    const user = await t.createUser();
    smtp.failNext(3);
    expect((await askReset(user.username)).statusCode).toBe(200);
    await t.app.mailer.idle();
    expect(await mailsTo(user.email)).toHaveLength(0);
    smtp.failNext(0);
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

describe('the same password policy on the account page', () => {
  it('change-password refuses a weak password', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, TEST_PASSWORD);
    const refused = await t.call({
      method: 'PUT',
      url: '/api/users/change-password',
      token,
      payload: { currentPassword: TEST_PASSWORD, password: 'password1' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_error',
      errors: { password: expect.any(String) },
    });
    expect((await me(token)).statusCode).toBe(200);
  });
});
