import {
  DASHBOARD_LAPSES,
  type Dashboard,
  type DashboardPoint,
  dueDateOf,
  type HostHome,
  isoDateIn,
  MAX_PAGE_SIZE,
  type MissingDeclaration,
  type Month,
  missingListQuerySchema,
  monthIndex,
  monthOf,
  oneMonthBefore,
  type Semester,
  semesterOfMonth,
} from '@sejour/domain';
import { sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor';
import { type Database, selectRows } from '../db/database';
import { createMissingDeclarations } from '../declarations';
import { createResumeService } from '../resume';
import type { CollectivitySettingsStore } from '../settings';
import { lapsingEstablishments } from './classification-lapses';

/** How many communes the dashboard names; the others are summed under one label. */
export const DASHBOARD_COMMUNES = 12;
export const OTHER_COMMUNES = '…';

/**
 * Every missing month of a year (one provider's, or every provider's), page after page, with the forfait
 * periods starting that year whose deadline passed undeclared.
 */
export async function allMissing(
  missing: ReturnType<typeof createMissingDeclarations>,
  filter: { year: number; month?: Month; userId?: number },
): Promise<MissingDeclaration[]> {
  const found: MissingDeclaration[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const page = await missing.list(
      missingListQuerySchema.parse({ ...filter, limit: MAX_PAGE_SIZE, offset, total: 'true' }),
    );
    found.push(...page.data);
    if (page.data.length < MAX_PAGE_SIZE) return found;
  }
}

/** The month `delta` months from `ym` (negative: before). */
export function shiftMonth(
  ym: { year: number; month: Month },
  delta: number,
): { year: number; month: Month } {
  const index = monthIndex(ym) + delta;
  return { year: Math.floor(index / 12), month: ((index % 12) + 1) as Month };
}

/** Home's figures: the host's next steps and the admins' dashboard, each read with a few SQL queries. */
export function createHomeService(deps: {
  db: Database;
  now: () => Date;
  settings: CollectivitySettingsStore;
}) {
  const { db, now, settings } = deps;
  const missing = createMissingDeclarations(db, now);
  const resume = createResumeService({ db, now, settings });

  return {
    async host(actor: Actor): Promise<HostHome> {
      const today = monthOf(now());
      const lastYear = today.month === 1 ? today.year - 1 : today.year;
      const from = monthIndex(shiftMonth(today, -12));
      const [owned, drafts, lateThisYear, lateBefore, lateNext, semesters, collectivity] = await Promise.all([
        selectRows<{ id: number; name: string }>(
          db,
          sql`select id, name from establishments where user_id = ${actor.id} order by lower(name), id`,
        ),
        selectRows<{
          id: number;
          establishment_id: number;
          year: number;
          month: number;
          period_start: string | null;
          period_end: string | null;
        }>(
          db,
          sql`select id, establishment_id, year, month, period_start::text, period_end::text from declarations
              where user_id = ${actor.id} and not done order by year, month`,
        ),
        allMissing(missing, { year: today.year, userId: actor.id }),
        lastYear === today.year
          ? Promise.resolve([])
          : allMissing(missing, { year: lastYear, userId: actor.id }),
        // A collection period starting next January is late from some day of December on.
        today.month === 12
          ? allMissing(missing, { year: today.year + 1, userId: actor.id })
          : Promise.resolve([]),
        resume.semesters(actor, { userId: undefined }),
        settings.get(),
      ]);
      const late = [...lateBefore, ...lateThisYear, ...lateNext].filter((m) => monthIndex(m) >= from);
      const lapses = new Map(
        (await lapsingEstablishments(db, isoDateIn(now()), { userId: actor.id })).map((e) => [e.id, e.lapse]),
      );
      const establishments = owned.map((e) => ({
        id: e.id,
        name: e.name,
        late: late
          .filter((m) => m.establishmentId === e.id)
          .map((m) => ({ year: m.year, month: m.month, forfaitPeriod: m.forfaitPeriod }))
          .sort((a, b) => monthIndex(a) - monthIndex(b)),
        drafts: drafts
          .filter((d) => d.establishment_id === e.id)
          .map((d) => ({
            declarationId: d.id,
            year: d.year,
            month: d.month as Month,
            forfaitPeriod:
              d.period_start && d.period_end
                ? {
                    periodStart: d.period_start,
                    periodEnd: d.period_end,
                    deadline: oneMonthBefore(d.period_start),
                  }
                : null,
          })),
        classificationLapse: lapses.get(e.id) ?? null,
      }));

      // The next deadline: the last semester's while it is still ahead, else the current one's.
      const todayIso = isoDateIn(now());
      const currentSemester = semesterOfMonth(today.month);
      const candidates: Array<{ year: number; semester: Semester }> = [
        currentSemester === 1 ? { year: today.year - 1, semester: 2 } : { year: today.year, semester: 1 },
        { year: today.year, semester: currentSemester },
      ];
      const nextDue =
        candidates
          .map((c) => ({ ...c, date: dueDateOf(c.year, c.semester, collectivity.dueDays) }))
          .find((c) => c.date >= todayIso) ?? null;
      const notice = semesters.find((s) => s.doneCount > 0);
      return {
        establishments,
        nextDue,
        latestNotice: notice
          ? { year: notice.year, semester: notice.semester, totalAmount: notice.totalAmount }
          : null,
      };
    },

    async dashboard(): Promise<Dashboard> {
      const today = monthOf(now());
      const first = shiftMonth(today, -11);
      const lastMonth = shiftMonth(today, -1);
      const from = monthIndex(first);
      const to = monthIndex(today);
      const monthStart = `${today.year}-${String(today.month).padStart(2, '0')}-01`;
      const inWindow = sql`d.done and d.year between ${first.year} and ${today.year}
        and d.year * 12 + d.month - 1 between ${from} and ${to}`;
      const [counts, byMonth, byType, byCommune, missingLast, componentsAndExempted] = await Promise.all([
        selectRows<{ providers: number; establishments: number; done: number }>(
          db,
          sql`select
            (select count(*)::int from users where role = 'host' and not archived) as providers,
            (select count(*)::int from establishments) as establishments,
            (select count(*)::int from declarations
              where done and done_at >= (${monthStart}::timestamp at time zone 'Europe/Paris')) as done`,
        ),
        selectRows<{ year: number; month: number; nights: number; tax: string }>(
          db,
          sql`select d.year, d.month, coalesce(sum(d.nights_count), 0)::int as nights,
                coalesce(sum(d.total_amount), 0)::text as tax
              from declarations d where ${inWindow} group by d.year, d.month`,
        ),
        selectRows<{ key: string; nights: number; tax: string }>(
          db,
          // The category each declaration was computed with: a reclassified establishment's past months stay
          // under the category they were charged at.
          sql`select coalesce(d.declared_type, '') as key, coalesce(sum(d.nights_count), 0)::int as nights,
                coalesce(sum(d.total_amount), 0)::text as tax
              from declarations d
              where ${inWindow} group by 1 order by 3 desc, 1`,
        ),
        selectRows<{ key: string; nights: number; tax: string }>(
          db,
          sql`select coalesce(nullif(trim(e.city), ''), '') as key, coalesce(sum(d.nights_count), 0)::int as nights,
                coalesce(sum(d.total_amount), 0)::bigint::text as tax
              from declarations d join establishments e on e.id = d.establishment_id
              where ${inWindow} group by 1 order by sum(d.total_amount) desc, 1`,
        ),
        missing.list(
          missingListQuerySchema.parse({
            year: lastMonth.year,
            month: lastMonth.month,
            limit: 1,
            total: 'true',
          }),
        ),
        selectRows<
          Record<
            | 'moselle'
            | 'ile_de_france'
            | 'idf_mobilites'
            | 'railway_line'
            | 'minor'
            | 'seasonal_worker'
            | 'emergency_rehousing'
            | 'low_rent'
            | 'without_reason',
            string
          >
        >(
          db,
          sql`select coalesce(sum(d.moselle_amount), 0)::text as moselle,
                coalesce(sum(d.ile_de_france_amount), 0)::text as ile_de_france,
                coalesce(sum(d.idf_mobilites_amount), 0)::text as idf_mobilites,
                coalesce(sum(d.railway_line_amount), 0)::text as railway_line,
                coalesce(sum(d.exempted_minor), 0)::text as minor,
                coalesce(sum(d.exempted_seasonal_worker), 0)::text as seasonal_worker,
                coalesce(sum(d.exempted_emergency_rehousing), 0)::text as emergency_rehousing,
                coalesce(sum(d.exempted_low_rent), 0)::text as low_rent,
                coalesce(sum(d.exempted_count) filter (where d.exempted_minor is null), 0)::text as without_reason
              from declarations d where ${inWindow}`,
        ),
      ]);
      const sums = componentsAndExempted[0];
      const lapsing = await lapsingEstablishments(db, isoDateIn(now()));
      const point = (r: { key: string; nights: number; tax: string }): DashboardPoint => ({
        key: r.key,
        nights: Number(r.nights),
        tax: Number(r.tax),
      });
      const months: DashboardPoint[] = [];
      for (let i = 0; i < 12; i++) {
        const ym = shiftMonth(first, i);
        const row = byMonth.find((r) => r.year === ym.year && r.month === ym.month);
        months.push({
          key: `${ym.year}-${String(ym.month).padStart(2, '0')}`,
          nights: Number(row?.nights ?? 0),
          tax: Number(row?.tax ?? 0),
        });
      }
      const communes = byCommune.map(point);
      const named = communes.slice(0, DASHBOARD_COMMUNES);
      const rest = communes.slice(DASHBOARD_COMMUNES);
      if (rest.length > 0)
        named.push({
          key: OTHER_COMMUNES,
          nights: rest.reduce((s, r) => s + r.nights, 0),
          tax: rest.reduce((s, r) => s + r.tax, 0),
        });
      const c = counts[0];
      return {
        counts: {
          providers: Number(c?.providers ?? 0),
          establishments: Number(c?.establishments ?? 0),
          doneThisMonth: Number(c?.done ?? 0),
          missingLastMonth: missingLast.meta.total ?? 0,
        },
        byMonth: months,
        byType: byType.map(point),
        byCommune: named,
        byComponent: {
          DEPARTMENTAL: Number(sums?.moselle ?? 0),
          ILE_DE_FRANCE: Number(sums?.ile_de_france ?? 0),
          IDF_MOBILITES: Number(sums?.idf_mobilites ?? 0),
          RAILWAY_LINE: Number(sums?.railway_line ?? 0),
        },
        exempted: {
          byReason: {
            MINOR: Number(sums?.minor ?? 0),
            SEASONAL_WORKER: Number(sums?.seasonal_worker ?? 0),
            EMERGENCY_REHOUSING: Number(sums?.emergency_rehousing ?? 0),
            LOW_RENT: Number(sums?.low_rent ?? 0),
          },
          withoutReason: Number(sums?.without_reason ?? 0),
        },
        classificationLapses: lapsing
          .slice(0, DASHBOARD_LAPSES)
          .map((e) => ({ establishmentId: e.id, name: e.name, ...e.lapse })),
      };
    },
  };
}
