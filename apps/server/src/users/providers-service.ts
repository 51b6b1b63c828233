import type { ListMeta, ProviderListQuery, ProviderPayload, User } from '@sejour/domain';

import type { Database, Executor } from '../db/database';
import { AppError } from '../http/errors';
import { assertIdentityAvailable, uniqueViolationToAppError } from './identity';
import { createPeopleRepository } from './people-repository';
import { toPublicUser } from './public-user';
import { createUsersRepository } from './repository';

export interface AccountMail {
  /** Sends the activation link; failures are logged and retried by the mail module, never thrown. */
  sendActivation(userId: number): Promise<void>;
}

/** Providers (hébergeurs, role host): managed by admins (design §5). */
export function createProvidersService(deps: { db: Database; mail: AccountMail }) {
  const { db, mail } = deps;

  async function requireProvider(id: number, executor: Executor = db) {
    const row = await createUsersRepository(executor).findById(id);
    if (row?.role !== 'host') throw new AppError('not_found');
    return row;
  }

  return {
    async list(query: ProviderListQuery): Promise<{ data: User[]; meta: ListMeta }> {
      const { rows, total } = await createPeopleRepository(db).listProviders(query);
      return { data: rows.map(toPublicUser), meta: { total, limit: query.limit, offset: query.offset } };
    },

    async get(id: number): Promise<User> {
      return toPublicUser(await requireProvider(id));
    },

    /** Creates the account (not activated, no password) and sends the activation link. */
    async create(payload: ProviderPayload): Promise<User> {
      await assertIdentityAvailable(createUsersRepository(db), payload);
      const row = await createUsersRepository(db)
        .insert({ ...payload, role: 'host', activated: false })
        .catch((error: unknown) => {
          throw uniqueViolationToAppError(error);
        });
      await mail.sendActivation(row.id);
      return toPublicUser(row);
    },

    async update(id: number, payload: ProviderPayload): Promise<User> {
      await requireProvider(id);
      await assertIdentityAvailable(createUsersRepository(db), payload, id);
      const row = await createUsersRepository(db)
        .update(id, payload)
        .catch((error: unknown) => {
          throw uniqueViolationToAppError(error);
        });
      if (!row) throw new AppError('not_found');
      return toPublicUser(row);
    },

    /** Archiving disables the account and revokes its sessions; restoring gives it back. */
    async setArchived(id: number, archived: boolean): Promise<User> {
      await requireProvider(id);
      const row = await createUsersRepository(db).setArchived(id, archived);
      if (!row) throw new AppError('not_found');
      return toPublicUser(row);
    },

    /** Deletes the provider with their establishments, declarations and files (foreign keys cascade). */
    async delete(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await requireProvider(id, tx);
        await createPeopleRepository(tx).delete(id);
      });
    },
  };
}

export type ProvidersService = ReturnType<typeof createProvidersService>;
