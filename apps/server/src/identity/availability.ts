import { errorCatalogue } from '@sejour/domain';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import { findPgError } from '../db/pg-errors';
import { AppError } from '../http/errors';
import { createUsersRepository, type UsersRepository } from './repository';

/** Key of the transaction lock taken by every write of a username or e-mail (the migrations use 724201). */
const IDENTITY_LOCK = 724202;

/**
 * Checks that the username and e-mail are free and writes them, one writer at a time. The unique indexes
 * hold each column alone, but login accepts either, so a username must not be another account's e-mail:
 * two concurrent writes, one taking as username the other's e-mail, would both pass their check. A
 * transaction-scoped advisory lock serialises check and write; it is released at commit or rollback.
 */
/** Takes the identity lock inside the caller's transaction (a write that also writes other rows). */
export async function lockIdentities(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${IDENTITY_LOCK})`);
}

export async function writeIdentity<T>(
  db: Database,
  identity: { username: string; email: string },
  exceptId: number | undefined,
  write: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db
    .transaction(async (tx) => {
      await lockIdentities(tx);
      await assertIdentityAvailable(createUsersRepository(tx), identity, exceptId);
      return write(tx);
    })
    .catch((error: unknown) => {
      throw uniqueViolationToAppError(error);
    });
}

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

/** A SIRET names one provider (bulk imports recognise them by it). */
export function siretTaken(): AppError {
  return new AppError('validation_error', {
    errors: { siret: 'Ce SIRET est déjà celui d’un autre hébergeur.' },
  });
}

/** Two concurrent writes can both pass the pre-check; the unique index decides, with the same answer. */
export function uniqueViolationToAppError(error: unknown): unknown {
  const pgError = findPgError(error);
  if (pgError?.code === '23505') {
    if (pgError.constraint?.includes('email')) return emailTaken();
    if (pgError.constraint?.includes('username')) return usernameTaken();
    if (pgError.constraint === 'users_siret_key') return siretTaken();
  }
  return error;
}
