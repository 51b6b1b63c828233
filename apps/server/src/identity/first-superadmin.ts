import { randomBytes } from 'node:crypto';
import type { UsersRepository } from './repository';

/**
 * On an empty database, creates the first superadmin so the product can be used at once. Returns the
 * generated password (to print once) when none was configured.
 */
export async function ensureFirstSuperadmin(
  users: UsersRepository,
  admin: { username: string; email: string; password: string | undefined },
  /** The password hash function (src/auth/passwords.ts), passed in so identity does not depend on auth. */
  hashPassword: (password: string) => Promise<string>,
): Promise<{ created: false } | { created: true; username: string; generatedPassword: string | undefined }> {
  if ((await users.count()) > 0) return { created: false };
  const password = admin.password ?? randomBytes(12).toString('base64url');
  await users.insert({
    username: admin.username,
    email: admin.email,
    role: 'superadmin',
    passwordHash: await hashPassword(password),
    activated: true,
  });
  return {
    created: true,
    username: admin.username,
    generatedPassword: admin.password ? undefined : password,
  };
}
