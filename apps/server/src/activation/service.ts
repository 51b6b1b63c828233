import { randomUUID } from 'node:crypto';
import { type AskResetPasswordRequest, isAdminRole, type LinkPurpose } from '@sejour/domain';
import type { FastifyBaseLogger } from 'fastify';
import { recordPersonChange } from '../audit/people';
import type { Actor } from '../auth/actor';
import { assertPasswordAllowed } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import type { TokenService } from '../auth/tokens';
import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import { AppError } from '../http/errors';
import { createUsersRepository } from '../identity/repository';
import { addresseeName } from '../mail/addressee';
import type { Mailer } from '../mail/mailer';
import { activationMail, resetMail } from '../mail/templates';
import type { RateLimiter, RateLimitRule } from '../security/rate-limiter';
import { type ConsumeResult, createLinkTokensRepository, LINK_TTL_MS } from './link-tokens';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** `ask-reset-password` per client address: the eleventh request in an hour gets `rate_limited`. */
export const ASK_RESET_IP_LIMIT: RateLimitRule = { limit: 10, windowMs: HOUR };
/**
 * Reset (or activation) mails per account and hour through `ask-reset-password`. Past it, no mail is sent
 * but the answer stays the same: a 429 here would tell that the account exists.
 */
export const ASK_RESET_ACCOUNT_LIMIT: RateLimitRule = { limit: 3, windowMs: HOUR };
/** `ask-activation` (admins) per client address, and per target account. */
export const ASK_ACTIVATION_IP_LIMIT: RateLimitRule = { limit: 30, windowMs: HOUR };
export const ASK_ACTIVATION_ACCOUNT_LIMIT: RateLimitRule = { limit: 5, windowMs: HOUR };
/** Password submissions through a link (`activate-account`, `reset-password`) per client address. */
export const LINK_USE_IP_LIMIT: RateLimitRule = { limit: 20, windowMs: 15 * MINUTE };

/** The web pages the links open (routes outside the shell). */
const LINK_PAGES: Record<LinkPurpose, string> = { activate: 'activate-account', reset: 'reset-password' };

export interface ActivationServiceDeps {
  db: Database;
  tokens: TokenService;
  limiter: RateLimiter;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Base of the links (`PUBLIC_URL`). */
  publicUrl: string;
  collectivityName: string;
}

/** The least time `ask-reset-password` takes to answer, whatever the account. */
export const ASK_RESET_MIN_MS = 60;

/** Account activation and password reset by e-mail (decision 0102). */
export function createActivationService(deps: ActivationServiceDeps) {
  const { db, tokens, limiter, mailer, now, log } = deps;
  const users = createUsersRepository(db);
  const links = createLinkTokensRepository(db);

  /** Records a one-use link and queues its mail; the mail's delivery never fails the caller. */
  async function sendLink(user: UserRow, purpose: LinkPurpose): Promise<void> {
    const at = now();
    // Whole seconds, like the token's `exp`: the database and the signature agree on the expiry.
    const expiresAt = new Date(Math.floor((at.getTime() + LINK_TTL_MS[purpose]) / 1000) * 1000);
    const jti = randomUUID();
    await links.deleteExpired(user.id, at);
    await links.insert({ jti, userId: user.id, purpose, expiresAt, createdAt: at });
    const token = await tokens.signLink(user, { purpose, jti, expiresAt });
    const link = `${deps.publicUrl}/${LINK_PAGES[purpose]}?token=${token}`;
    const name = addresseeName(user);
    const input = { collectivity: deps.collectivityName, name, username: user.username, link };
    const content = purpose === 'activate' ? activationMail(input) : resetMail(input);
    await mailer.send({
      to: user.email,
      ...content,
      meta: { kind: purpose === 'activate' ? 'activation' : 'reset', userId: user.id },
      link,
    });
  }

  async function limitLinkUse(ip: string) {
    if (!(await limiter.reserve(`link-use:ip:${ip}`, LINK_USE_IP_LIMIT))) throw new AppError('rate_limited');
  }

  /**
   * Sets the password chosen through a link, and marks the link used in the same transaction. The
   * password is checked first, so a refused one does not spend the link. Answers a session token: the
   * new token version revokes every earlier session and link of the account.
   */
  async function setPasswordThroughLink(
    auth: Actor,
    id: number,
    password: string,
    purpose: LinkPurpose,
    ip: string,
  ): Promise<string> {
    await limitLinkUse(ip);
    if (auth.id !== id || !auth.linkId) throw new AppError('forbidden');
    const linkId = auth.linkId;
    const user = await users.findById(id);
    if (!user) throw new AppError('link_invalid');
    if (purpose === 'activate' && user.activated) {
      // Two uses of one link at once: the later one finds the account activated by the first, and is
      // told the link is used, as it would be had it come a moment later.
      const state = await links.stateOf(linkId, { userId: id, purpose }, now());
      throw state === 'used' ? linkError(state) : new AppError('account_already_activated');
    }
    assertPasswordAllowed(password, user.username);
    const passwordHash = await hashPassword(password);
    const updated = await db.transaction(async (tx) => {
      const used = await createLinkTokensRepository(tx).consume(linkId, { userId: id, purpose }, now());
      if (used !== 'ok') throw linkError(used);
      const txUsers = createUsersRepository(tx);
      if (purpose === 'activate') await txUsers.update(id, { activated: true });
      const row = await txUsers.setPassword(id, passwordHash);
      if (row) await recordPersonChange(tx, { ...row, ip }, 'password', user, row);
      return row;
    });
    if (!updated) throw new AppError('link_invalid');
    log.info({ userId: id, purpose }, purpose === 'activate' ? 'account activated' : 'password reset');
    return tokens.sign(updated);
  }

  /**
   * Sends the activation link of an account that is not activated yet (a new user: the users and admins
   * services call it right after creating one). Resolves once the link is recorded and its mail queued;
   * delivery is retried and logged by the mail module, never thrown. Throws `not_found`,
   * `account_already_activated` or `account_disabled`.
   */
  async function sendActivation(userId: number): Promise<void> {
    const user = await users.findById(userId);
    if (!user) throw new AppError('not_found');
    if (user.activated) throw new AppError('account_already_activated');
    if (user.disabled || user.archived) throw new AppError('account_disabled');
    await sendLink(user, 'activate');
  }

  return {
    sendActivation,

    /** `POST users/{id}/ask-activation` (admins; an admin's account: superadmins only). */
    async askActivation(caller: Actor, userId: number, ip: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('not_found');
      if (isAdminRole(user.role) && caller.role !== 'superadmin') throw new AppError('forbidden');
      const allowed = await limiter.reserveAll([
        [`ask-activation:ip:${ip}`, ASK_ACTIVATION_IP_LIMIT],
        [`ask-activation:user:${userId}`, ASK_ACTIVATION_ACCOUNT_LIMIT],
      ]);
      if (!allowed) throw new AppError('rate_limited');
      await sendActivation(userId);
    },

    /**
     * `POST users/ask-reset-password`: the same answer whether or not the account exists. An
     * account not activated yet gets its activation link instead, since it has no password to reset.
     */
    async askResetPassword(input: AskResetPasswordRequest, ip: string): Promise<void> {
      const startedAt = performance.now();
      if (!(await limiter.reserve(`ask-reset:ip:${ip}`, ASK_RESET_IP_LIMIT)))
        throw new AppError('rate_limited');
      // Whether the account exists must not show in the answer's timing: the lookup and the mail go on
      // after the answer, which leaves no sooner than a fixed minimum either way.
      mailer.defer(async () => {
        const user = await users.findByLogin(input.username);
        if (!user || user.disabled || user.archived) {
          log.info({ found: Boolean(user) }, 'password reset asked: no usable account, no mail');
          return;
        }
        if (!(await limiter.reserve(`ask-reset:user:${user.id}`, ASK_RESET_ACCOUNT_LIMIT))) {
          log.warn({ userId: user.id }, 'password reset asked too often: no mail');
          return;
        }
        await sendLink(user, user.activated ? 'reset' : 'activate');
      });
      const wait = ASK_RESET_MIN_MS - (performance.now() - startedAt);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    },

    /** `POST users/{id}/activate-account`, with an activation link's token. */
    activate(auth: Actor, id: number, password: string, ip: string): Promise<string> {
      return setPasswordThroughLink(auth, id, password, 'activate', ip);
    },

    /** `POST users/{id}/reset-password`, with a reset link's token. */
    resetPassword(auth: Actor, id: number, password: string, ip: string): Promise<string> {
      return setPasswordThroughLink(auth, id, password, 'reset', ip);
    },
  };
}

export type ActivationService = ReturnType<typeof createActivationService>;

function linkError(result: Exclude<ConsumeResult, 'ok'>): AppError {
  return new AppError(
    result === 'used' ? 'link_used' : result === 'expired' ? 'link_expired' : 'link_invalid',
  );
}
