import type { AuditListQuery } from '@sejour/domain';
import { and, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { auditLog } from '../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

/** Days are the collectivity's: a range of dates starts and ends at midnight in Paris. */
const TIME_ZONE = 'Europe/Paris';

/** The Journal's filters as one condition; each one walks an index of `audit_log`. */
export function journalWhere(
  query: Pick<AuditListQuery, 'actor' | 'entity' | 'action' | 'from' | 'to'>,
): SQL | undefined {
  return and(
    query.actor ? eq(sql`lower(${auditLog.actorName})`, query.actor.toLowerCase()) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from
      ? sql`${auditLog.at} >= (${query.from}::date::timestamp at time zone ${TIME_ZONE})`
      : undefined,
    query.to
      ? sql`${auditLog.at} < ((${query.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`
      : undefined,
  );
}

/** Reads the audit log; nothing here writes it (src/audit/recorder.ts does, inside each change). */
export function createAuditRepository(db: Executor) {
  return {
    /** A page, newest first (the id breaks ties within one instant). */
    async page(where: SQL | undefined, limit: number, offset: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
    },

    async count(where: SQL | undefined): Promise<number> {
      const [row] = await db.select({ n: count() }).from(auditLog).where(where);
      return row?.n ?? 0;
    },

    /** Every matching row, newest first, a batch at a time (the CSV export); ids only go down. */
    async *each(where: SQL | undefined, batch = 1000): AsyncGenerator<AuditRow> {
      let before: number | undefined;
      for (;;) {
        const rows = await db
          .select()
          .from(auditLog)
          .where(and(where, before === undefined ? undefined : lt(auditLog.id, before)))
          .orderBy(desc(auditLog.id))
          .limit(batch);
        yield* rows;
        const last = rows.at(-1);
        if (!last || rows.length < batch) return;
        before = last.id;
      }
    },
  };
}

/** The history of one declaration, or of an establishment with its declarations. */
export function historyWhere(kind: 'declaration' | 'establishment', id: number): SQL | undefined {
  return kind === 'declaration'
    ? and(eq(auditLog.entity, 'declaration'), eq(auditLog.entityId, id))
    : eq(auditLog.establishmentId, id);
}
