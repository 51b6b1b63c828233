import { audiencesOf, isoDateIn, type Message, type MessagePayload } from '@sejour/domain';
import { and, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/database';
import { messages, users } from '../db/schema';
import { AppError } from '../http/errors';

/** What the audit log keeps of a message (docs/features/audit.md). */
const auditedColumns = {
  id: messages.id,
  title: messages.title,
  body: messages.body,
  audience: messages.audience,
  publishAt: messages.publishAt,
  expiresAt: messages.expiresAt,
};
/** A message as the API answers it: what the audit log keeps, with its dates and its author. */
const columns = {
  ...auditedColumns,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
  authorName: sql<
    string | null
  >`coalesce(nullif(trim(concat_ws(' ', ${users.firstname}, ${users.lastname})), ''), ${users.username})`,
};
type AuditedMessage = { [K in keyof typeof auditedColumns]: (typeof auditedColumns)[K]['_']['data'] | null };

function auditedFields(row: AuditedMessage) {
  const { id: _id, ...fields } = row;
  return fields;
}

function subject(row: AuditedMessage) {
  return { entity: 'message' as const, entityId: row.id, entityLabel: row.title };
}

/** Announcements on Home: stored as plain text, read by audience and date, managed by admins. */
export function createMessagesService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function select(where: SQL | undefined): Promise<Message[]> {
    const rows = await db
      .select(columns)
      .from(messages)
      .leftJoin(users, eq(users.id, messages.authorId))
      .where(where)
      .orderBy(
        desc(sql`coalesce(${messages.publishAt}::timestamptz, ${messages.createdAt})`),
        desc(messages.id),
      );
    return rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function byId(id: number): Promise<Message> {
    const [message] = await select(eq(messages.id, id));
    if (!message) throw new AppError('not_found');
    return message;
  }

  return {
    /** The caller's audience, published today or before and not expired: the newest first. */
    current(actor: Actor): Promise<Message[]> {
      const today = isoDateIn(now());
      return select(
        and(
          inArray(messages.audience, audiencesOf(actor.role)),
          or(isNull(messages.publishAt), lte(messages.publishAt, today)),
          or(isNull(messages.expiresAt), gte(messages.expiresAt, today)),
        ),
      );
    },

    all(): Promise<Message[]> {
      return select(undefined);
    },

    async create(actor: Actor, payload: MessagePayload): Promise<Message> {
      const at = now();
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(messages)
          .values({ ...payload, authorId: actor.id, createdAt: at, updatedAt: at })
          .returning(auditedColumns);
        if (!row) throw new AppError('internal_error');
        await recordChange(tx, actor, { action: 'create', ...subject(row), after: auditedFields(row) });
        return row.id;
      });
      return byId(id);
    },

    async update(actor: Actor, id: number, payload: MessagePayload): Promise<Message> {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select(auditedColumns)
          .from(messages)
          .where(eq(messages.id, id))
          .for('update');
        if (!current) throw new AppError('not_found');
        const [updated] = await tx
          .update(messages)
          .set({ ...payload, updatedAt: now() })
          .where(eq(messages.id, id))
          .returning(auditedColumns);
        if (!updated) throw new AppError('not_found');
        const before = auditedFields(current);
        const after = auditedFields(updated);
        // A save that changes nothing is no change: the log stays as it was.
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await recordChange(tx, actor, { action: 'update', ...subject(updated), before, after });
        }
      });
      return byId(id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(messages).where(eq(messages.id, id)).returning(auditedColumns);
        if (!row) throw new AppError('not_found');
        await recordChange(tx, actor, { action: 'delete', ...subject(row), before: auditedFields(row) });
      });
    },
  };
}
