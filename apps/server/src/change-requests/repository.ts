import type { ChangeRequest, ChangeRequestListQuery, ChangeRequestStatus } from '@sejour/domain';
import { and, count, desc, eq, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { type ChangeRequestRow, changeRequests, establishments, providerNameOf, users } from '../db/schema';
import { containsPattern, pageWithTotal } from '../http/lists';

const columns = {
  request: changeRequests,
  providerName: providerNameOf(users),
  establishmentName: establishments.name,
};

interface Joined {
  request: ChangeRequestRow;
  providerName: string;
  establishmentName: string | null;
}

function toChangeRequest({ request: row, providerName, establishmentName }: Joined): ChangeRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    userId: row.userId,
    providerName,
    establishmentId: row.establishmentId,
    establishmentName,
    values: row.values,
    previous: row.previous,
    effectiveOn: row.effectiveOn,
    reason: row.reason,
    createDate: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    appliedAt: row.appliedAt?.toISOString() ?? null,
  };
}

function listWhere(query: ChangeRequestListQuery, scope: SQL | undefined): SQL | undefined {
  const q = query.q ? containsPattern(query.q) : undefined;
  return and(
    scope,
    query.status ? eq(changeRequests.status, query.status) : undefined,
    query.establishmentId === undefined
      ? undefined
      : eq(changeRequests.establishmentId, query.establishmentId),
    query.userId === undefined ? undefined : eq(changeRequests.userId, query.userId),
    query.providerOnly ? isNull(changeRequests.establishmentId) : undefined,
    q ? or(ilike(establishments.name, q), ilike(providerNameOf(users), q)) : undefined,
  );
}

/** The `change_requests` rows, with the names of the provider and establishment they concern. */
export function createChangeRequestsRepository(db: Executor) {
  const joined = () =>
    db
      .select(columns)
      .from(changeRequests)
      .innerJoin(users, eq(users.id, changeRequests.userId))
      .leftJoin(establishments, eq(establishments.id, changeRequests.establishmentId));

  return {
    /** Newest first; pending ones first when no status is asked for (what an admin decides next). */
    async list(query: ChangeRequestListQuery, scope: SQL | undefined) {
      const where = listWhere(query, scope);
      const page = await pageWithTotal(
        query,
        () =>
          joined()
            .where(where)
            .orderBy(
              desc(eq(changeRequests.status, 'pending')),
              desc(changeRequests.createdAt),
              desc(changeRequests.id),
            )
            .limit(query.limit)
            .offset(query.offset),
        async () => {
          const [row] = await db
            .select({ n: count() })
            .from(changeRequests)
            .innerJoin(users, eq(users.id, changeRequests.userId))
            .leftJoin(establishments, eq(establishments.id, changeRequests.establishmentId))
            .where(where);
          return Number(row?.n ?? 0);
        },
      );
      return { rows: page.rows.map(toChangeRequest), total: page.total };
    },

    async find(id: number): Promise<ChangeRequest | undefined> {
      const [row] = await joined().where(eq(changeRequests.id, id)).limit(1);
      return row ? toChangeRequest(row) : undefined;
    },

    /** The row, locked until the transaction ends (two decisions at once: the second waits, then sees the first). */
    async findForUpdate(id: number): Promise<ChangeRequestRow | undefined> {
      const [row] = await db.select().from(changeRequests).where(eq(changeRequests.id, id)).for('update');
      return row;
    },

    async insert(values: typeof changeRequests.$inferInsert): Promise<ChangeRequestRow> {
      const [row] = await db.insert(changeRequests).values(values).returning();
      if (!row) throw new Error('change request not inserted');
      return row;
    },

    async pendingOf(userId: number, establishmentId: number | null, kind: ChangeRequestRow['kind']) {
      const [row] = await db
        .select({ id: changeRequests.id })
        .from(changeRequests)
        .where(
          and(
            eq(changeRequests.userId, userId),
            establishmentId === null
              ? isNull(changeRequests.establishmentId)
              : eq(changeRequests.establishmentId, establishmentId),
            eq(changeRequests.kind, kind),
            eq(changeRequests.status, 'pending'),
          ),
        )
        .limit(1);
      return row;
    },

    async decide(
      id: number,
      decision: { status: ChangeRequestStatus; reason?: string | null; decidedBy?: number | null; at: Date },
    ): Promise<void> {
      await db
        .update(changeRequests)
        .set({
          status: decision.status,
          reason: decision.reason ?? null,
          decidedBy: decision.decidedBy ?? null,
          decidedAt: decision.at,
        })
        .where(eq(changeRequests.id, id));
    },

    /** Marks an accepted request applied, once: false when another run did it first. */
    async markApplied(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(changeRequests)
        .set({ appliedAt: at })
        .where(and(eq(changeRequests.id, id), isNull(changeRequests.appliedAt)))
        .returning({ id: changeRequests.id });
      return rows.length > 0;
    },

    /** Accepted requests whose day has come and that are not applied yet, oldest first. */
    async due(today: string): Promise<ChangeRequestRow[]> {
      return db
        .select()
        .from(changeRequests)
        .where(
          and(
            eq(changeRequests.status, 'accepted'),
            isNull(changeRequests.appliedAt),
            lte(changeRequests.effectiveOn, today),
          ),
        )
        .orderBy(changeRequests.effectiveOn, changeRequests.id);
    },
  };
}
