import type { AdminListQuery, ProviderListQuery } from '@sejour/domain';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { type UserRow, users } from '../db/schema';
import { containsPattern, orderBy, pageWithTotal } from '../http/lists';

const searchable = (q: string) => {
  const pattern = containsPattern(q);
  return or(
    ilike(users.username, pattern),
    ilike(users.email, pattern),
    ilike(users.firstname, pattern),
    ilike(users.lastname, pattern),
    ilike(users.company, pattern),
    ilike(users.city, pattern),
  );
};

/** Lists of people: providers (role host) and administrators, searched, sorted and paged in SQL. */
export function createPeopleRepository(db: Executor) {
  async function page(
    where: ReturnType<typeof and>,
    order: ReturnType<typeof orderBy>,
    query: { limit: number; offset: number; total?: boolean | undefined },
  ) {
    const { rows, total } = await pageWithTotal(
      query,
      () =>
        db
          .select({ user: users })
          .from(users)
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(query.offset),
      () => countWhere(where),
    );
    return { rows: rows.map((r) => r.user), total };
  }

  async function countWhere(where: ReturnType<typeof and>) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where);
    return row?.n ?? 0;
  }

  return {
    listProviders(query: ProviderListQuery): Promise<{ rows: UserRow[]; total: number | null }> {
      const where = and(
        eq(users.role, 'host'),
        eq(users.archived, query.archived ?? false),
        query.q ? searchable(query.q) : undefined,
      );
      const order = orderBy(
        query.sort,
        {
          username: sql`lower(${users.username})`,
          lastname: sql`lower(${users.lastname})`,
          company: sql`lower(${users.company})`,
          email: sql`lower(${users.email})`,
          city: sql`lower(${users.city})`,
          activated: users.activated,
          createDate: users.createdAt,
        },
        asc(sql`lower(${users.username})`),
        users.id,
      );
      return page(where, order, query);
    },

    listAdmins(query: AdminListQuery): Promise<{ rows: UserRow[]; total: number | null }> {
      const where = and(
        inArray(users.role, ['admin', 'superadmin']),
        query.q ? searchable(query.q) : undefined,
      );
      const order = orderBy(
        query.sort,
        {
          username: sql`lower(${users.username})`,
          lastname: sql`lower(${users.lastname})`,
          email: sql`lower(${users.email})`,
          role: users.role,
          createDate: users.createdAt,
        },
        asc(sql`lower(${users.username})`),
        users.id,
      );
      return page(where, order, query);
    },

    /**
     * Usable superadmins (activated, neither disabled nor archived), locked: the caller is about to remove or
     * demote one of them. One who never activated cannot act, so does not count.
     */
    async lockActiveSuperadmins(): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.role, 'superadmin'),
            eq(users.activated, true),
            eq(users.archived, false),
            eq(users.disabled, false),
          ),
        )
        .for('update');
      return rows.map((r) => r.id);
    },

    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },
  };
}
