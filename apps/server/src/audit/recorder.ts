import {
  type AuditAction,
  type AuditChanges,
  type AuditEntity,
  auditDiff,
  toAuditValue,
} from '@sejour/domain';
import type { Actor } from '../auth/actor';
import type { Executor } from '../db/database';
import { auditLog } from '../db/schema';

/** What a service says about a change. `changes`, when given, wins over the diff of `before`/`after`. */
export interface ChangeRecord {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: number | null;
  entityLabel?: string | null;
  /** The establishment the entity belongs to (its own id for an establishment). */
  establishmentId?: number | null;
  before?: Readonly<Record<string, unknown>>;
  after?: Readonly<Record<string, unknown>>;
  changes?: AuditChanges;
}

const MAX_NAME = 200;

/**
 * Writes one entry of the audit log with `executor`: called inside the transaction of the change, so that
 * the entry and the change are committed or rolled back together. Secrets and bytes never reach it
 * (`auditDiff` leaves them out). Returns nothing: a service records, it never reads the log back.
 */
export async function recordChange(
  executor: Executor,
  /** Who acts and from where: the request's `actor`, handed down by the service (null: nobody signed in). */
  actor: Actor | null,
  change: ChangeRecord,
): Promise<void> {
  await executor.insert(auditLog).values(entryOf(actor, change));
}

function entryOf(actor: Actor | null, change: ChangeRecord) {
  return {
    actorId: actor?.id ?? null,
    actorName: actor?.username.slice(0, MAX_NAME) ?? null,
    actorRole: actor?.role ?? null,
    ip: actor?.ip ?? null,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId ?? null,
    entityLabel: change.entityLabel?.slice(0, MAX_NAME) ?? null,
    establishmentId: change.establishmentId ?? null,
    changes: change.changes ?? auditDiff(change.before ?? {}, change.after ?? {}),
  };
}

/**
 * Many entries by one actor in one statement (a bulk import writes hundreds of rows at once), in the
 * change's transaction like `recordChange`.
 */
export async function recordChanges(
  executor: Executor,
  actor: Actor | null,
  changes: readonly ChangeRecord[],
): Promise<void> {
  if (changes.length === 0) return;
  await executor.insert(auditLog).values(changes.map((change) => entryOf(actor, change)));
}

/** A failed sign-in: nobody is signed in; the name typed is kept (never the password). */
export async function recordFailedSignIn(
  executor: Executor,
  attempt: { login: string; ip: string; reason: string },
): Promise<void> {
  await executor.insert(auditLog).values({
    actorName: attempt.login.trim().slice(0, MAX_NAME),
    ip: attempt.ip,
    action: 'sign_in_failed',
    entity: 'session',
    changes: { reason: { from: null, to: toAuditValue(attempt.reason) } },
  });
}

/** A file as the log describes it: name, type and size, never its bytes. */
export function fileSummary(
  file: { filename: string; mimeType: string; size: number } | null | undefined,
): Record<string, unknown> | null {
  return file ? { filename: file.filename, mimeType: file.mimeType, size: file.size } : null;
}
