import type { ChangePasswordRequest, LoginRequest, User } from '@sejour/domain';
import { recordPersonChange } from '../audit/people';
import { recordChange, recordFailedSignIn } from '../audit/recorder';
import type { Database } from '../db/database';
import { AppError } from '../http/errors';
import { toPublicUser } from '../identity/public-user';
import { createUsersRepository, type UsersRepository } from '../identity/repository';
import type { RateLimiter, RateLimitRule } from '../security/rate-limiter';
import type { Actor } from './actor';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

/**
 * Login limits (docs/decisions/0104-login-limits.md). Each attempt reserves its slots before the password
 * is verified, so a burst of parallel requests gets no more verifications than the limits allow.
 */
export const LOGIN_LIMITS = {
  /** Failed attempts of one client address, whichever accounts they name. */
  address: { limit: 30, windowMs: 60_000 },
  /** Failed attempts on one account from one address: the attacker's own hard limit. */
  accountAddress: { limit: 10, windowMs: 60_000 },
  /**
   * Failed attempts on one account from all addresses. Beyond it, the account only verifies passwords
   * coming from an address it has logged in from before (`knownAddressMs`), so a distributed attack cannot
   * lock its owner out of their usual places.
   */
  account: { limit: 50, windowMs: 60_000 },
  knownAddressMs: 30 * 24 * 3600 * 1000,
} as const satisfies Record<string, RateLimitRule | number>;

/**
 * Reserves the slots of one password verification of `account` from `ip`, or throws `rate_limited`. Every
 * route that verifies a password calls it before verifying, with the same keys: guesses through the login
 * and through another route count together. `account` is the user id, or `?name` for a name matching none.
 */
export async function reservePasswordCheck(limiter: RateLimiter, account: string, ip: string) {
  const keys = {
    address: `login:ip:${ip}`,
    accountAddress: `login:account:${account}:ip:${ip}`,
    account: `login:account:${account}`,
    known: `login:known:${account}:ip:${ip}`,
  };
  if (!(await limiter.reserve(keys.address, LOGIN_LIMITS.address))) throw new AppError('rate_limited');
  if (!(await limiter.reserve(keys.accountAddress, LOGIN_LIMITS.accountAddress))) {
    throw new AppError('rate_limited');
  }
  if (
    !(await limiter.reserve(keys.account, LOGIN_LIMITS.account)) &&
    !(await limiter.markedSince(keys.known, LOGIN_LIMITS.knownAddressMs))
  ) {
    throw new AppError('rate_limited');
  }
  return {
    /** The right password is not a failure: its slots are given back. */
    async succeeded(): Promise<void> {
      await limiter.release(keys.address);
      await limiter.release(keys.account);
      await limiter.reset([keys.accountAddress]);
    },
    /** The owner signed in from this address: it stays verified during an attack (see `LOGIN_LIMITS`). */
    async markKnown(): Promise<void> {
      await limiter.mark(keys.known);
    },
  };
}

export function createAuthService(deps: {
  db: Database;
  users: UsersRepository;
  tokens: TokenService;
  limiter: RateLimiter;
}) {
  const { db, users, tokens, limiter } = deps;

  return {
    async login(input: LoginRequest, ip: string): Promise<string> {
      const user = await users.findByLogin(input.username);
      // Keyed on the account, not the string typed: its username and e-mail count together. An unknown
      // name gets keys of its own and the very same treatment, so limits do not tell whether it exists.
      const account = user ? `${user.id}` : `?${input.username.trim().toLowerCase()}`;
      const check = await reservePasswordCheck(limiter, account, ip);
      // A refusal after the password was checked is a failed sign-in of the journal (a rate-limited
      // attempt checked nothing and is not one): the name typed is kept, never the password.
      const refuse = async (code: 'invalid_credentials' | 'account_disabled' | 'account_not_activated') => {
        await recordFailedSignIn(db, { login: input.username, ip, reason: code });
        return new AppError(code);
      };
      // Unknown account and wrong password cost one argon2 verification each and answer alike.
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) throw await refuse('invalid_credentials');
      await check.succeeded();
      if (user.disabled || user.archived) throw await refuse('account_disabled');
      if (!user.activated) throw await refuse('account_not_activated');
      await check.markKnown();
      await recordChange(
        db,
        { ...user, ip },
        {
          action: 'sign_in',
          entity: 'session',
          entityId: user.id,
          entityLabel: user.username,
        },
      );
      return tokens.sign(user);
    },

    async me(userId: number): Promise<User> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('not_found');
      return toPublicUser(user);
    },

    /** Returns a fresh session token: the one in use is revoked with every other. */
    async changePassword(actor: Actor, input: ChangePasswordRequest, ip: string): Promise<string> {
      const userId = actor.id;
      const user = await users.findById(userId);
      if (!user) throw new AppError('not_found');
      // A stolen session must not become a way to guess the password: the same limits as the login.
      const check = await reservePasswordCheck(limiter, `${userId}`, ip);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('invalid_password', {
          errors: { currentPassword: 'Le mot de passe actuel est incorrect.' },
        });
      }
      await check.succeeded();
      assertPasswordAllowed(input.password, user.username);
      const passwordHash = await hashPassword(input.password);
      const updated = await db.transaction(async (tx) => {
        const row = await createUsersRepository(tx).setPassword(userId, passwordHash);
        if (row) await recordPersonChange(tx, actor, 'password', user, row);
        return row;
      });
      if (!updated) throw new AppError('not_found');
      return tokens.sign(updated);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
