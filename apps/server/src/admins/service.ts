import type { AdminListQuery, AdminPayload, ListMeta, User } from '@sejour/domain';
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

const lastSuperadmin = () =>
  new AppError('conflict', {
    message: 'Le dernier super-administrateur ne peut être ni supprimé ni rétrogradé.',
  });

/**
 * Administrators: every admin reads them; only a superadmin creates, edits, changes the role of or deletes
 * one; the last active superadmin is never removed nor demoted; nobody deletes their own account here.
 */
export function createAdminsService(deps: { db: Database; mail: AccountMail }) {
  const { db, mail } = deps;

  const requireAdmin = (id: number, executor: Executor = db) =>
    findPerson(executor, id, ['admin', 'superadmin']);

  return {
    async list(query: AdminListQuery): Promise<{ data: User[]; meta: ListMeta }> {
      return peoplePage(await createPeopleRepository(db).listAdmins(query), query);
    },

    async get(id: number): Promise<User> {
      return toPublicUser(await requireAdmin(id));
    },

    create(payload: AdminPayload, actor: Actor): Promise<User> {
      return createPerson(db, mail, payload, (tx, row) =>
        recordChange(tx, actor, { action: 'create', ...personSubject(row), after: personFields(row) }),
      );
    },

    async update(id: number, payload: AdminPayload, actor: Actor): Promise<User> {
      const row = await writeIdentity(db, payload, id, async (tx) => {
        const current = await requireAdmin(id, tx);
        if (current.role === 'superadmin' && payload.role !== 'superadmin') {
          const superadmins = await createPeopleRepository(tx).lockActiveSuperadmins();
          if (superadmins.filter((s) => s !== id).length === 0) throw lastSuperadmin();
        }
        const updated = await createUsersRepository(tx).update(id, payload);
        if (updated) await recordPersonChange(tx, actor, 'update', current, updated);
        return updated;
      });
      if (!row) throw new AppError('not_found');
      return toPublicUser(row);
    },

    async delete(actor: Actor, id: number): Promise<void> {
      if (actor.id === id) {
        throw new AppError('forbidden', { message: 'Vous ne pouvez pas supprimer votre propre compte.' });
      }
      await db.transaction(async (tx) => {
        const target = await requireAdmin(id, tx);
        if (target.role === 'superadmin') {
          const superadmins = await createPeopleRepository(tx).lockActiveSuperadmins();
          if (superadmins.filter((s) => s !== id).length === 0) throw lastSuperadmin();
        }
        await createPeopleRepository(tx).delete(id);
        await recordChange(tx, actor, {
          action: 'delete',
          ...personSubject(target),
          before: personFields(target),
        });
      });
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
