import type { ContactRequest, ContactResponse, UpdateSelfRequest, User } from '@sejour/domain';
import { recordPersonChange } from '../audit/people';
import type { Actor } from '../auth/actor';
import type { TokenService } from '../auth/tokens';
import type { Database } from '../db/database';
import { AppError } from '../http/errors';
import { writeIdentity } from '../identity/availability';
import { toPublicUser } from '../identity/public-user';
import { createUsersRepository } from '../identity/repository';
import type { EmailChangeService } from './email-change';

/**
 * One's own account (Mon compte): the username and the contact details are written at once; a new e-mail
 * address waits for its confirmation (`EmailChangeService`).
 */
export function createAccountService(deps: {
  db: Database;
  tokens: TokenService;
  emails: EmailChangeService;
}) {
  const { db, tokens, emails } = deps;

  /** Writes `values` (never the e-mail) and asks for the new address, in one transaction. */
  async function write(actor: Actor, username: string, email: string, values: Record<string, unknown>) {
    let pendingEmail: string | null = null;
    const current = await createUsersRepository(db).findById(actor.id);
    if (!current) throw new AppError('not_found');
    const updated = await writeIdentity(db, { username, email: current.email }, actor.id, async (tx) => {
      const repository = createUsersRepository(tx);
      const before = await repository.findById(actor.id);
      const row = await repository.update(actor.id, values);
      if (!before || !row) return row;
      await recordPersonChange(tx, actor, 'update', before, row);
      pendingEmail = await emails.ask(tx, row, email);
      return row;
    });
    if (!updated) throw new AppError('not_found');
    return { row: updated, pendingEmail: pendingEmail as string | null };
  }

  return {
    /** Returns the user and a fresh token, since the token carries the username. */
    async updateSelf(
      actor: Actor,
      input: UpdateSelfRequest,
    ): Promise<{ user: User; token: string; pendingEmail: string | null }> {
      const { row, pendingEmail } = await write(actor, input.username, input.email, {
        username: input.username,
      });
      return { user: toPublicUser(row), token: await tokens.sign(row), pendingEmail };
    },

    async contact(actor: Actor): Promise<ContactResponse> {
      const row = await createUsersRepository(db).findById(actor.id);
      if (!row) throw new AppError('not_found');
      return { user: toPublicUser(row), pendingEmail: await emails.pending(actor.id) };
    },

    async updateContact(actor: Actor, input: ContactRequest): Promise<ContactResponse> {
      const { email, ...values } = input;
      const current = await createUsersRepository(db).findById(actor.id);
      if (!current) throw new AppError('not_found');
      const { row, pendingEmail } = await write(actor, current.username, email, values);
      return { user: toPublicUser(row), pendingEmail };
    },
  };
}
