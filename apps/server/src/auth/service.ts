import type { ChangePasswordRequest, LoginRequest, UpdateSelfRequest, User } from '@sejour/domain';
import { AppError } from '../http/errors';
import type { RateLimiter, RateLimitRule } from '../security/rate-limiter';
import { assertIdentityAvailable, uniqueViolationToAppError } from '../users/identity';
import { toPublicUser } from '../users/public-user';
import type { UsersRepository } from '../users/repository';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

/** Ten failures a minute per address and per account; the eleventh attempt is refused. */
export const LOGIN_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60_000 };

export function createAuthService(deps: {
  users: UsersRepository;
  tokens: TokenService;
  limiter: RateLimiter;
}) {
  const { users, tokens, limiter } = deps;

  return {
    async login(input: LoginRequest, ip: string): Promise<string> {
      const keys = [`login:ip:${ip}`, `login:account:${input.username.trim().toLowerCase()}`];
      await limiter.assertAllowed(keys, LOGIN_RATE_LIMIT);
      const user = await users.findByLogin(input.username);
      // Unknown account and wrong password cost one argon2 verification each and answer alike.
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) {
        await limiter.record(keys, LOGIN_RATE_LIMIT);
        throw new AppError('invalid_credentials');
      }
      if (user.disabled || user.archived) throw new AppError('account_disabled');
      if (!user.activated) throw new AppError('account_not_activated');
      await limiter.reset(keys.slice(1));
      return tokens.sign(user);
    },

    async me(userId: number): Promise<User> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('not_found');
      return toPublicUser(user);
    },

    /** Returns the user and a fresh token, since the token carries the username. */
    async updateSelf(userId: number, input: UpdateSelfRequest): Promise<{ user: User; token: string }> {
      await assertIdentityAvailable(users, input, userId);
      const updated = await users
        .update(userId, { username: input.username, email: input.email })
        .catch((e) => {
          throw uniqueViolationToAppError(e);
        });
      if (!updated) throw new AppError('not_found');
      return { user: toPublicUser(updated), token: await tokens.sign(updated) };
    },

    /** Returns a fresh session token: the one in use is revoked with every other. */
    async changePassword(userId: number, input: ChangePasswordRequest): Promise<string> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('not_found');
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('invalid_password', {
          errors: { currentPassword: 'Le mot de passe actuel est incorrect.' },
        });
      }
      await assertPasswordAllowed(input.password, user.username);
      const updated = await users.setPassword(userId, await hashPassword(input.password));
      if (!updated) throw new AppError('not_found');
      return tokens.sign(updated);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
