import type { ListMeta, Role, User } from '@sejour/domain';
import type { Database, Executor } from '../db/database';
import type { NewUserRow, UserRow } from '../db/schema';
import { AppError } from '../http/errors';
import type { AccountMail } from './account-mail';
import { writeIdentity } from './availability';
import { toPublicUser } from './public-user';
import { createUsersRepository } from './repository';

/** The account `id` if its role is one of `roles`; `not_found` otherwise, as for a missing id. */
export async function findPerson(executor: Executor, id: number, roles: readonly Role[]): Promise<UserRow> {
  const row = await createUsersRepository(executor).findById(id);
  if (!row || !roles.includes(row.role)) throw new AppError('not_found');
  return row;
}

/**
 * Creates an account (not activated, no password yet) and sends its activation link. `created` runs in the
 * creation's transaction (the audit entry).
 */
export async function createPerson(
  db: Database,
  mail: AccountMail,
  values: Omit<NewUserRow, 'activated'>,
  created?: (tx: Executor, row: UserRow) => Promise<void>,
): Promise<User> {
  const row = await writeIdentity(db, values, undefined, async (tx) => {
    const inserted = await createUsersRepository(tx).insert({ ...values, activated: false });
    await created?.(tx, inserted);
    return inserted;
  });
  await mail.sendActivation(row.id);
  return toPublicUser(row);
}

/** A page of people as a list endpoint answers it. */
export function peoplePage(
  page: { rows: UserRow[]; total: number | null },
  query: { limit: number; offset: number },
): { data: User[]; meta: ListMeta } {
  return {
    data: page.rows.map(toPublicUser),
    meta: { total: page.total, limit: query.limit, offset: query.offset },
  };
}
