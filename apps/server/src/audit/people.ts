import type { Actor } from '../auth/actor';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema';
import { recordChange } from './recorder';

/** A person as the audit log compares them: identity and state, never the password hash nor the token version. */
export function personFields(row: UserRow): Record<string, unknown> {
  return {
    username: row.username,
    email: row.email,
    role: row.role,
    firstname: row.firstname,
    lastname: row.lastname,
    company: row.company,
    phone: row.phone,
    address: row.address,
    city: row.city,
    cp: row.cp,
    siret: row.siret,
    activated: row.activated,
    disabled: row.disabled,
    archived: row.archived,
  };
}

/** Providers are `provider` entries, administrators `admin` ones (the Journal filters them apart). */
export function personSubject(row: Pick<UserRow, 'id' | 'username' | 'role'>) {
  return {
    entity: row.role === 'host' ? ('provider' as const) : ('admin' as const),
    entityId: row.id,
    entityLabel: row.username,
  };
}

/** An update, archive or restore of a person: one entry when something changed, none otherwise. */
export async function recordPersonChange(
  tx: Executor,
  actor: Actor,
  action: 'update' | 'archive' | 'restore' | 'password',
  before: UserRow,
  after: UserRow,
): Promise<void> {
  const changes = { before: personFields(before), after: personFields(after) };
  if (action !== 'password' && JSON.stringify(changes.before) === JSON.stringify(changes.after)) return;
  await recordChange(tx, actor, { action, ...personSubject(after), ...changes });
}
