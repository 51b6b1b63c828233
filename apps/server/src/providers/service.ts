import type { ListMeta, ProviderListQuery, ProviderPayload, User } from '@sejour/domain';
import type { Database, Executor } from '../db/database';
import { AppError } from '../http/errors';
import type { AccountMail } from '../identity/account-mail';
import { writeIdentity } from '../identity/availability';
import { createPerson, findPerson, peoplePage } from '../identity/people';
import { createPeopleRepository } from '../identity/people-repository';
import { toPublicUser } from '../identity/public-user';
import { createUsersRepository } from '../identity/repository';

/** Providers (hébergeurs, role host): managed by admins. */
export function createProvidersService(deps: { db: Database; mail: AccountMail }) {
  const { db, mail } = deps;

  const requireProvider = (id: number, executor: Executor = db) => findPerson(executor, id, ['host']);

  return {
    async list(query: ProviderListQuery): Promise<{ data: User[]; meta: ListMeta }> {
      return peoplePage(await createPeopleRepository(db).listProviders(query), query);
    },

    async get(id: number): Promise<User> {
      return toPublicUser(await requireProvider(id));
    },

    /** Creates the account (not activated, no password) and sends the activation link. */
    create(payload: ProviderPayload): Promise<User> {
      return createPerson(db, mail, { ...payload, role: 'host' });
    },

    async update(id: number, payload: ProviderPayload): Promise<User> {
      await requireProvider(id);
      const row = await writeIdentity(db, payload, id, (tx) => createUsersRepository(tx).update(id, payload));
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
