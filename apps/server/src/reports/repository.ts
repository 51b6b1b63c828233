import type { ReportContent, ReportListQuery, ReportStatus } from '@sejour/domain';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { type ReportRow, reports, type UserRow, users } from '../db/schema';
import { containsPattern, orderBy, pageWithTotal } from '../http/lists';

const field = (name: keyof ReportContent) => sql`(${reports.content} ->> ${name})`;

export function createReportsRepository(db: Executor) {
  return {
    async insert(content: ReportContent): Promise<number> {
      const [row] = await db
        .insert(reports)
        .values({ content, email: content.email.toLowerCase() })
        .returning({ id: reports.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async find(id: number): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      return row;
    },

    /** Locks the report until the transaction ends: two admins deciding at once are taken one after the other. */
    async findForUpdate(id: number): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update');
      return row;
    },

    async decide(
      id: number,
      values: {
        status: Exclude<ReportStatus, 'new'>;
        decidedAt: Date;
        decidedBy: string;
        rejectReason?: string;
        providerId?: number;
        establishmentId?: number;
      },
    ): Promise<void> {
      await db.update(reports).set(values).where(eq(reports.id, id));
    },

    async list(query: ReportListQuery): Promise<{ rows: ReportRow[]; total: number | null }> {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(reports.status, query.status));
      if (query.kind) conditions.push(sql`${field('kind')} = ${query.kind}`);
      if (query.q) {
        const pattern = containsPattern(query.q);
        const match = or(
          sql`${field('name')} ILIKE ${pattern}`,
          sql`${field('lastname')} ILIKE ${pattern}`,
          sql`${field('firstname')} ILIKE ${pattern}`,
          sql`${field('company')} ILIKE ${pattern}`,
          sql`${field('city')} ILIKE ${pattern}`,
          sql`${reports.email} ILIKE ${pattern}`,
        );
        if (match) conditions.push(match);
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const order = orderBy(
        query.sort,
        {
          createDate: reports.createdAt,
          name: sql`lower(${field('name')})`,
          lastname: sql`lower(${field('lastname')})`,
          status: reports.status,
        },
        desc(reports.createdAt),
        reports.id,
      );
      return pageWithTotal(
        query,
        () =>
          db
            .select()
            .from(reports)
            .where(where)
            .orderBy(...order)
            .limit(query.limit)
            .offset(query.offset),
        async () => {
          const [row] = await db.select({ n: count() }).from(reports).where(where);
          return row?.n ?? 0;
        },
      );
    },

    async countPending(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.status, 'new'));
      return row?.n ?? 0;
    },

    /** Providers (role host) with the report's e-mail, or its company, case-insensitively. */
    async matchingProviders(email: string, company: string | null): Promise<UserRow[]> {
      const sameEmail = sql`lower(${users.email}) = ${email.toLowerCase()}`;
      const sameCompany = company ? sql`lower(${users.company}) = ${company.toLowerCase()}` : undefined;
      return db
        .select()
        .from(users)
        .where(and(eq(users.role, 'host'), sameCompany ? or(sameEmail, sameCompany) : sameEmail))
        .orderBy(asc(users.id))
        .limit(20);
    },
  };
}
