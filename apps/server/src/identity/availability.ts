import { errorCatalogue } from '@sejour/domain';
import { findPgError } from '../db/pg-errors';
import { AppError } from '../http/errors';
import type { UsersRepository } from './repository';

/**
 * Usernames and e-mails are unique case-insensitively. The pre-check gives the friendly answer on the right
 * field; the unique indexes decide under a race, and their violation gets the same answer.
 */
export async function assertIdentityAvailable(
  users: UsersRepository,
  identity: { username: string; email: string },
  exceptId?: number,
): Promise<void> {
  const conflicts = await users.findConflicts(identity.username, identity.email, exceptId);
  if (conflicts.username) throw usernameTaken();
  if (conflicts.email) throw emailTaken();
}

export function usernameTaken(): AppError {
  return new AppError('username_taken', { errors: { username: errorCatalogue.username_taken.message } });
}

export function emailTaken(): AppError {
  return new AppError('email_taken', { errors: { email: errorCatalogue.email_taken.message } });
}

/** Two concurrent writes can both pass the pre-check; the unique index decides, with the same answer. */
export function uniqueViolationToAppError(error: unknown): unknown {
  const pgError = findPgError(error);
  if (pgError?.code === '23505') {
    if (pgError.constraint?.includes('email')) return emailTaken();
    if (pgError.constraint?.includes('username')) return usernameTaken();
  }
  return error;
}
