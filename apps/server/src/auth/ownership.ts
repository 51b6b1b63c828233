import { isAdminRole, type ResourceKind } from '@sejour/domain';
import { and, eq, inArray, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { type Bind, inline, placeholders, preparedOn } from '../db/prepared';
import { changeRequests, declarations, establishments, stays, users } from '../db/schema';
import { AppError } from '../http/errors';
import type { Actor } from './actor';

const MAX_ID = 2_147_483_647;

/** The actor's id, or a placeholder for it in a prepared statement. */
type ActorId = number | Placeholder;

/**
 * The rows of each kind an actor may touch, as a condition on that kind's table: admins every row (of kind
 * `admin`: the administrators' rows), a host their own account, establishments and declarations only. A
 * kind missing here does not compile, so a new kind cannot be left unguarded.
 */
function scopeOf(
  actor: { id: ActorId; role: Actor['role'] },
  kind: ResourceKind,
): { table: PgTable; id: AnyPgColumn; where: SQL | undefined } {
  const admin = isAdminRole(actor.role);
  switch (kind) {
    case 'user':
      return { table: users, id: users.id, where: admin ? undefined : eq(users.id, actor.id) };
    case 'admin':
      return {
        table: users,
        id: users.id,
        where: admin ? inArray(users.role, ['admin', 'superadmin']) : eq(users.id, -1),
      };
    case 'establishment':
      return {
        table: establishments,
        id: establishments.id,
        where: admin ? undefined : eq(establishments.userId, actor.id),
      };
    case 'declaration':
      return {
        table: declarations,
        id: declarations.id,
        where: admin ? undefined : eq(declarations.userId, actor.id),
      };
    case 'stay':
      return { table: stays, id: stays.id, where: admin ? undefined : eq(stays.userId, actor.id) };
    case 'change_request':
      return {
        table: changeRequests,
        id: changeRequests.id,
        where: admin ? undefined : eq(changeRequests.userId, actor.id),
      };
  }
}

/**
 * The condition a list query adds so that it only returns what the actor may touch (undefined: all). A
 * prepared list passes a placeholder for the actor's id.
 */
export function accessibleWhere(
  actor: { id: ActorId; role: Actor['role'] },
  kind: ResourceKind,
): SQL | undefined {
  return scopeOf(actor, kind).where;
}

/**
 * The statement that keeps, of `ids`, those the actor may touch. Values go through `bind`: inline when built for
 * one call, placeholders when prepared (one id: the access hook's case).
 */
function accessibleIdsQuery(
  db: Executor,
  actor: Pick<Actor, 'id' | 'role'>,
  kind: ResourceKind,
  ids: readonly number[],
  bind: Bind,
) {
  const scope = scopeOf({ id: bind('actorId', actor.id), role: actor.role }, kind);
  const [one] = ids;
  const idMatches =
    ids.length === 1 && one !== undefined ? eq(scope.id, bind('id', one)) : inArray(scope.id, [...ids]);
  return db.select({ id: scope.id }).from(scope.table).where(and(idMatches, scope.where));
}

/** Which of `ids` the actor may touch, in one query. */
export async function filterAccessible(
  db: Executor,
  actor: Pick<Actor, 'id' | 'role'>,
  kind: ResourceKind,
  ids: readonly number[],
): Promise<Set<number>> {
  // Ids are PostgreSQL integers: one outside their range exists nowhere (and would fail the query).
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID);
  if (wanted.length === 0) return new Set();
  const toIds = (rows: { id: unknown }[]) => new Set(rows.map((row) => Number(row.id)));
  if (wanted.length === 1) {
    // A statement per kind and side (admin or not), prepared once; this call's values bound by the same builder.
    const { bind, values } = placeholders();
    accessibleIdsQuery(db, actor, kind, wanted, bind);
    const side = isAdminRole(actor.role) ? 'admin' : 'own';
    const statement = preparedOn(db, `ownership:${kind}:${side}`, (database, name) =>
      accessibleIdsQuery(database, actor, kind, wanted, bind).prepare(name),
    );
    if (statement) return toIds(await statement.execute(values));
  }
  return toIds(await accessibleIdsQuery(db, actor, kind, wanted, inline));
}

/**
 * Fail-closed ownership: throws `not_found` unless the actor may touch every id — the same answer as an id
 * that does not exist, so another host's ids are never revealed.
 */
export async function requireAccess(
  db: Executor,
  actor: Pick<Actor, 'id' | 'role'>,
  kind: ResourceKind,
  ids: readonly number[],
): Promise<void> {
  const allowed = await filterAccessible(db, actor, kind, ids);
  if (ids.length === 0 || ids.some((id) => !allowed.has(id))) throw new AppError('not_found');
}
