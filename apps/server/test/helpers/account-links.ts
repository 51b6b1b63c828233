import { decodeJwt } from 'jose';
import nodemailer from 'nodemailer';
import type { AppDependencies } from '../../src/app';
import type { UserRow } from '../../src/db/schema';
import type { CaughtMail, SmtpCatcher } from './smtp-catcher';
import { TEST_PASSWORD, type TestApp } from './test-app';

export const PUBLIC_URL = 'https://sejour.example.fr';
export const COLLECTIVITY = 'Communauté de communes du Saulnois';
export const MAIL_FROM = 'Taxe de séjour <taxe@saulnois.example.fr>';
export const NEW_PASSWORD = 'Mirabelles-de-Lorraine-7';
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/** The environment of the apps that send account mails (activation and reset links). */
export const MAIL_ENV = { PUBLIC_URL, COLLECTIVITY_NAME: COLLECTIVITY, MAIL_FROM };

/** Mail delivery to the in-process SMTP server, with short retries. */
export function mailTo(smtp: SmtpCatcher): NonNullable<AppDependencies['mail']> {
  return {
    transport: nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    }),
    retryDelaysMs: [20, 40],
  };
}

export function linkOf(mail: CaughtMail): { url: URL; token: string; userId: number } {
  const link = mail.links.find((l) => l.startsWith(PUBLIC_URL));
  if (!link) throw new Error(`no link in: ${mail.text}`);
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? '';
  return { url, token, userId: (decodeJwt(token).user as { id: number }).id };
}

/**
 * The calls of the account-link tests of one file. The app, its SMTP server and the admin who asks for
 * activations (when no token is given) are read at each call: they only exist once the file's beforeAll
 * has run.
 */
export function accountLinkCalls(current: () => { t: TestApp; smtp: SmtpCatcher; adminUser?: UserRow }) {
  const sessions = new Map<string, string>();

  /** A session of that user, logged in again when the tests' clock has moved past its expiry. */
  async function sessionOf(user: UserRow): Promise<string> {
    const { t } = current();
    const cached = sessions.get(user.username);
    if (cached && (decodeJwt(cached).exp ?? 0) * 1000 > t.clock.now().getTime() + 60_000) return cached;
    const token = await t.login(user.username, TEST_PASSWORD);
    sessions.set(user.username, token);
    return token;
  }

  /** Each test calls from its own addresses, so that the per-address limits of one do not touch another. */
  let ipCounter = 0;
  function nextIp(): string {
    ipCounter += 1;
    return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  }

  /** Mails already handed to a test: each is read once. */
  const seen = new Set<CaughtMail>();
  async function nextMailTo(email: string): Promise<CaughtMail> {
    const mail = await current().smtp.waitFor((m) => !seen.has(m) && m.to.includes(email));
    seen.add(mail);
    return mail;
  }
  async function mailsTo(email: string): Promise<CaughtMail[]> {
    const { t, smtp } = current();
    await t.app.mailer.idle();
    return smtp.mails.filter((m) => m.to.includes(email));
  }

  async function askActivation(userId: number, token?: string, ip = nextIp()) {
    const { t, adminUser } = current();
    if (!token && !adminUser)
      throw new Error('askActivation without a token needs the adminUser of the file');
    return t.call({
      method: 'POST',
      url: `/api/users/${userId}/ask-activation`,
      token: token ?? (await sessionOf(adminUser!)),
      remoteAddress: ip,
    });
  }
  function askReset(username: string, ip = nextIp()) {
    return current().t.call({
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
    return current().t.call({
      method: 'POST',
      url: `/api/users/${userId}/${kind}`,
      token,
      payload: { password },
      remoteAddress: ip,
    });
  }
  function me(token: string) {
    return current().t.call({ method: 'GET', url: '/api/users/me', token });
  }
  function pendingUser(overrides: Partial<UserRow> = {}) {
    return current().t.createUser({ activated: false, passwordHash: null, ...overrides });
  }

  return { sessionOf, nextIp, nextMailTo, mailsTo, askActivation, askReset, submit, me, pendingUser };
}
