import {
  dueIfOpenedBy,
  type ListMeta,
  type MissingDeclaration,
  type MissingListQuery,
  MONTHS,
  type Month,
  monthIndex,
  monthNeedsDeclaration,
  monthOf,
  monthsOfSemester,
} from '@sejour/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../db/database';
import { containsPattern, pageWithTotal } from '../http/lists';
import { createCollectionCalendar } from './collection';

/**
 * Establishments × months of a year with nothing declared: past months only (the current one is not late yet),
 * months due (`isMonthDue`: some night of the month inside the collection periods of its deliberation, decided
 * here per month before the query; and the establishment had opened by the month's last day, `dueIfOpenedBy`), no
 * declaration (draft or done), no platform-only attestation for the year, active providers only. Generated in
 * SQL so a territory of thousands of establishments is paged by the database, never loaded.
 */
export function createMissingDeclarations(db: Database, now: () => Date) {
  return {
    async list(query: MissingListQuery): Promise<{ data: MissingDeclaration[]; meta: ListMeta }> {
      const today = monthIndex(monthOf(now()));
      const periodsOf = await createCollectionCalendar(db)(query.year);
      const months = (
        query.month ? [query.month] : query.semester ? monthsOfSemester(query.semester) : [...MONTHS]
      ).filter(
        (month) =>
          monthIndex({ year: query.year, month }) < today &&
          monthNeedsDeclaration(periodsOf(month), query.year, month),
      );
      if (months.length === 0)
        return { data: [], meta: { total: 0, limit: query.limit, offset: query.offset } };
      const filters: SQL[] = [];
      if (query.userId !== undefined) filters.push(sql`and e.user_id = ${query.userId}`);
      if (query.type === 'unset') filters.push(sql`and e.type is null`);
      else if (query.type !== undefined) filters.push(sql`and e.type = ${query.type}`);
      if (query.city) {
        const pattern = containsPattern(query.city);
        filters.push(sql`and (e.city ilike ${pattern} or e.cp ilike ${pattern})`);
      }
      const monthList = sql.join(
        months.map((m) => sql`(${m}::int, ${dueIfOpenedBy({ year: query.year, month: m })}::date)`),
        sql`, `,
      );
      const base = sql`
        from establishments e
        join users u on u.id = e.user_id and not u.archived and not u.disabled
        cross join (values ${monthList}) as m(month, due_if_opened_by)
        where (e.opening_date is null or e.opening_date <= m.due_if_opened_by)
        and not exists (
          select 1 from declarations d
          where d.establishment_id = e.id and d.year = ${query.year} and d.month = m.month)
        and not exists (
          select 1 from platform_attestations a where a.establishment_id = e.id and a.year = ${query.year})
        ${sql.join(filters, sql` `)}`;
      const { rows, total } = await pageWithTotal(
        query,
        () =>
          selectRows<{
            establishment_id: number;
            name: string;
            user_id: number;
            provider: string;
            month: number;
          }>(
            db,
            sql`
          select e.id as establishment_id, e.name, e.user_id, m.month,
            coalesce(nullif(u.company, ''), nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username) as provider
          ${base}
          order by e.name, e.id, m.month
          limit ${query.limit} offset ${query.offset}`,
          ),
        async () =>
          Number((await selectRows<{ n: number }>(db, sql`select count(*)::int as n ${base}`))[0]?.n ?? 0),
      );
      return {
        data: rows.map((row) => ({
          establishmentId: row.establishment_id,
          establishmentName: row.name,
          userId: row.user_id,
          providerName: row.provider,
          year: query.year,
          month: row.month as Month,
        })),
        meta: { total, limit: query.limit, offset: query.offset },
      };
    },
  };
}

export type MissingDeclarations = ReturnType<typeof createMissingDeclarations>;
