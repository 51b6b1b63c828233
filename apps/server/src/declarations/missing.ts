import {
  collectedSpansOfMonth,
  isoDateIn,
  type ListMeta,
  type MissingDeclaration,
  type MissingListQuery,
  MONTHS,
  type Month,
  monthIndex,
  monthNeedsDeclaration,
  monthOf,
  monthsOfSemester,
  type Period,
} from '@sejour/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../db/database';
import { lettingNightsSql } from '../establishments';
import { containsPattern, pageWithTotal } from '../http/lists';
import { createYearCalendar, forfaitIn, naturesSql } from './collection';

/**
 * Establishments × months of a year with nothing declared: past months only (the current one is not late yet),
 * months due (`isMonthDue`: some night of the month both inside the collection periods of its deliberation,
 * given per month as a multirange, and let — opened, not closed, not ceased: `lettingNightsSql`), no
 * declaration (draft or done), no platform-only attestation for the year, active providers only. A month the
 * establishment declares au forfait is never missing; instead each collection period of the year it declares
 * au forfait whose deadline passed with no declaration (draft or done) of its own is, on the month the period
 * starts (a platform-only attestation does not cover it: platforms collect only au réel). Generated in SQL so a
 * territory of thousands of establishments is paged by the database, never loaded.
 */
export function createMissingDeclarations(db: Database, now: () => Date) {
  const calendarOf = createYearCalendar(db);

  return {
    async list(query: MissingListQuery): Promise<{ data: MissingDeclaration[]; meta: ListMeta }> {
      const today = monthIndex(monthOf(now()));
      const todayIso = isoDateIn(now());
      const calendar = await calendarOf(query.year);
      const asked = new Set<Month>(
        query.month ? [query.month] : query.semester ? monthsOfSemester(query.semester) : MONTHS,
      );
      const months = [...asked].filter(
        (month) =>
          monthIndex({ year: query.year, month }) < today &&
          monthNeedsDeclaration(calendar.periodsOf(month), query.year, month),
      );
      const periods = calendar.forfaitPeriods.filter(
        (period) => period.deadline < todayIso && asked.has(monthOfIso(period.beginDate)),
      );
      if (months.length === 0 && periods.length === 0)
        return { data: [], meta: { total: 0, limit: query.limit, offset: query.offset } };
      const filters: SQL[] = [];
      if (query.userId !== undefined) filters.push(sql`and e.user_id = ${query.userId}`);
      if (query.type === 'unset') filters.push(sql`and e.type is null`);
      else if (query.type !== undefined) filters.push(sql`and e.type = ${query.type}`);
      if (query.city) {
        const pattern = containsPattern(query.city);
        filters.push(sql`and (e.city ilike ${pattern} or e.cp ilike ${pattern})`);
      }
      const filtered = sql.join(filters, sql` `);
      const selected = sql`e.id as establishment_id, e.name, e.user_id,
        coalesce(nullif(u.company, ''), nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username) as provider`;
      const parts: SQL[] = [];
      if (months.length > 0) {
        const monthList = sql.join(
          months.map(
            (m) =>
              sql`(${m}::int, ${multirangeSql(collectedSpansOfMonth(calendar.periodsOf(m), query.year, m))}, ${naturesSql(calendar.forfaitNaturesOf(m))})`,
          ),
          sql`, `,
        );
        parts.push(sql`
          select ${selected}, m.month, null::text as period_start, null::text as period_end, null::text as deadline
          from establishments e
          join users u on u.id = e.user_id and not u.archived and not u.disabled
          cross join lateral (select ${lettingNightsSql(sql`e`)} as nights) as l
          cross join (values ${monthList}) as m(month, collected, forfait_natures)
          where not isempty(l.nights * m.collected)
          and not ${forfaitIn(sql`m.forfait_natures`)}
          and not exists (
            select 1 from declarations d
            where d.establishment_id = e.id and d.year = ${query.year} and d.month = m.month)
          and not exists (
            select 1 from platform_attestations a where a.establishment_id = e.id and a.year = ${query.year})
          ${filtered}`);
      }
      if (periods.length > 0) {
        const periodList = sql.join(
          periods.map(
            (p) =>
              sql`(${monthOfIso(p.beginDate)}::int, ${p.beginDate}::date, ${p.endDate}::date, ${p.deadline}::date, ${naturesSql(p.natures)})`,
          ),
          sql`, `,
        );
        parts.push(sql`
          select ${selected}, p.month, p.period_start::text, p.period_end::text, p.deadline::text
          from establishments e
          join users u on u.id = e.user_id and not u.archived and not u.disabled
          cross join lateral (select ${lettingNightsSql(sql`e`)} as nights) as l
          cross join (values ${periodList}) as p(month, period_start, period_end, deadline, natures)
          where not isempty(l.nights * datemultirange(daterange(p.period_start, p.period_end, '[]')))
          and ${forfaitIn(sql`p.natures`)}
          and not exists (
            select 1 from declarations d
            where d.establishment_id = e.id and d.year = ${query.year} and d.regime = 'FORFAIT'
              and d.period_start = p.period_start)
          ${filtered}`);
      }
      const base = sql`from (${sql.join(parts, sql` union all `)}) as r`;
      const { rows, total } = await pageWithTotal(
        query,
        () =>
          selectRows<{
            establishment_id: number;
            name: string;
            user_id: number;
            provider: string;
            month: number;
            period_start: string | null;
            period_end: string | null;
            deadline: string | null;
          }>(
            db,
            sql`
          select r.* ${base}
          order by r.name, r.establishment_id, r.month, r.period_start nulls first
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
          regime: row.period_start === null ? 'REEL' : 'FORFAIT',
          forfaitPeriod:
            row.period_start === null
              ? null
              : {
                  periodStart: row.period_start,
                  periodEnd: row.period_end ?? row.period_start,
                  deadline: row.deadline ?? row.period_start,
                },
        })),
        meta: { total, limit: query.limit, offset: query.offset },
      };
    },
  };
}

/** Dated spans of nights as a PostgreSQL `datemultirange` (each span's two nights included). */
function multirangeSql(spans: readonly Period[]): SQL {
  if (spans.length === 0) return sql`'{}'::datemultirange`;
  return sql`datemultirange(${sql.join(
    spans.map((span) => sql`daterange(${span.beginDate}::date, ${span.endDate}::date, '[]')`),
    sql`, `,
  )})`;
}

function monthOfIso(date: string): Month {
  return Number(date.slice(5, 7)) as Month;
}

export type MissingDeclarations = ReturnType<typeof createMissingDeclarations>;
