import type { ListMeta, ProviderListQuery, ProviderPayload, User } from '@sejour/domain';
import { personFields, personSubject, recordPersonChange } from '../audit/people';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
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
    create(payload: ProviderPayload, actor: Actor): Promise<User> {
      return createPerson(db, mail, { ...payload, role: 'host' }, (tx, row) =>
        recordChange(tx, actor, { action: 'create', ...personSubject(row), after: personFields(row) }),
      );
    },

    async update(id: number, payload: ProviderPayload, actor: Actor): Promise<User> {
      await requireProvider(id);
      const row = await writeIdentity(db, payload, id, async (tx) => {
        const current = await requireProvider(id, tx);
        const updated = await createUsersRepository(tx).update(id, payload);
        if (updated) await recordPersonChange(tx, actor, 'update', current, updated);
        return updated;
      });
      if (!row) throw new AppError('not_found');
      return toPublicUser(row);
    },

    /** Archiving disables the account and revokes its sessions; restoring gives it back. */
    async setArchived(id: number, archived: boolean, actor: Actor): Promise<User> {
      const row = await db.transaction(async (tx) => {
        const current = await requireProvider(id, tx);
        const updated = await createUsersRepository(tx).setArchived(id, archived);
        if (!updated) throw new AppError('not_found');
        await recordPersonChange(tx, actor, archived ? 'archive' : 'restore', current, updated);
        return updated;
      });
      return toPublicUser(row);
    },

    /** Deletes the provider with their establishments, declarations and files (foreign keys cascade). */
    async delete(id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await requireProvider(id, tx);
        await createPeopleRepository(tx).delete(id);
        await recordChange(tx, actor, {
          action: 'delete',
          ...personSubject(current),
          before: personFields(current),
        });
      });
    },
  };
}

export type ProvidersService = ReturnType<typeof createProvidersService>;
