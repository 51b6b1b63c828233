import {
  type CapacityUnit,
  type Month,
  monthsOfSemester,
  type Nature,
  type NullableEstablishmentType,
  type Regime,
  type Semester,
  type StoredPricingPayload,
} from '@sejour/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../db/database';
import { selectRowsNamed } from '../db/prepared';

export interface SemesterScope {
  year: number;
  semester: Semester;
  userId?: number;
}

export interface EstablishmentSemesterRow {
  establishment_id: number;
  name: string;
  type: NullableEstablishmentType;
  /** What decides its regime month by month (au forfait, its months need no declaration of nights). */
  nature: Nature | null;
  stars: number | null;
  user_id: number;
  provider: string;
  company: string | null;
  /** `yyyy-mm-dd`, read as text (a driver would make a `date` a midnight `Date`). */
  opening_date: string | null;
  ceased_on: string | null;
  closures: Array<{ startDate: string; endDate: string }>;
  done_months: number[];
  draft_months: number[];
  attested: boolean;
  nights: string;
  taxable: string;
  platform: string;
  cc: string;
  moselle: string;
  ile_de_france: string;
  idf_mobilites: string;
  railway_line: string;
  total: string;
  draft_total: string;
  /** False when a done declaration of the semester was made before reasons were recorded. */
  reasons_known: boolean;
  exempted_minor: string;
  exempted_seasonal_worker: string;
  exempted_emergency_rehousing: string;
  exempted_low_rent: string;
}

/** The other components' sums of done declarations, as `sum(...)` columns read as text. */
const otherComponentSums = (filter: SQL) => sql`
  coalesce(sum(d.ile_de_france_amount) ${filter}, 0)::text as ile_de_france,
  coalesce(sum(d.idf_mobilites_amount) ${filter}, 0)::text as idf_mobilites,
  coalesce(sum(d.railway_line_amount) ${filter}, 0)::text as railway_line`;

export type ComponentSumsRow = Record<'moselle' | 'ile_de_france' | 'idf_mobilites' | 'railway_line', string>;

export interface NoticeLineRow {
  user_id: number;
  establishment_id: number;
  name: string;
  month: Month;
  nights_count: number;
  taxable_nights: number;
  platform_nights_count: number;
  cc_amount: number;
  moselle_amount: number;
  ile_de_france_amount: number;
  idf_mobilites_amount: number;
  railway_line_amount: number;
  total_amount: number;
  exempted_minor: number | null;
  exempted_seasonal_worker: number | null;
  exempted_emergency_rehousing: number | null;
  exempted_low_rent: number | null;
  regime: Regime;
  /** Au forfait: the collection period (`yyyy-mm-dd` as text), the capacity and the rule, nights, abatement. */
  period_start: string | null;
  period_end: string | null;
  capacity: number | null;
  capacity_unit: CapacityUnit | null;
  persons_per_unit: number | null;
  open_nights: number | null;
  abatement_rate: number | null;
}

export interface ProviderIdentityRow {
  id: number;
  provider: string;
  firstname: string | null;
  lastname: string | null;
  company: string | null;
  address: string | null;
  cp: string | null;
  city: string | null;
  email: string;
  establishment_address: string | null;
  establishment_cp: string | null;
  establishment_city: string | null;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );

export interface ReversementSumRow {
  semester: number;
  /** The pricing the declarations were computed with (null for none). */
  payload: StoredPricingPayload | null;
  moselle: string;
  ile_de_france: string;
  idf_mobilites: string;
  railway_line: string;
}

const providerName = sql`coalesce(nullif(u.company, ''), nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username)`;

export function monthList(semester: Semester): SQL {
  return sql.join(
    monthsOfSemester(semester).map((m) => sql`${m}::int`),
    sql`, `,
  );
}

/**
 * Who is in a semester's resume: every provider with an establishment, except archived providers who have
 * nothing due that semester (an archived provider still owes what they declared).
 */
function providersWhere(scope: SemesterScope): SQL {
  return sql`u.role = 'host'
    and exists (select 1 from establishments e where e.user_id = u.id)
    and (not u.archived or exists (
      select 1 from declarations d where d.user_id = u.id and d.done
        and d.year = ${scope.year} and d.month in (${monthList(scope.semester)})))
    ${scope.userId === undefined ? sql`` : sql`and u.id = ${scope.userId}`}`;
}

/** The establishments of the providers `userIds` (a parenthesised list or subquery), their semester aggregated. */
function establishmentsOf(scope: SemesterScope, userIds: SQL): SQL {
  return sql`select e.id as establishment_id, e.name, e.type, e.nature, e.stars, e.user_id, ${providerName} as provider, u.company,
            e.opening_date::text as opening_date, e.ceased_on::text as ceased_on,
            (select coalesce(json_agg(json_build_object('startDate', c.start_date::text, 'endDate', c.end_date::text)), '[]'::json)
              from establishment_closures c where c.establishment_id = e.id) as closures,
            coalesce(array_agg(d.month::int order by d.month) filter (where d.done), '{}') as done_months,
            coalesce(array_agg(d.month::int order by d.month) filter (where d.id is not null and not d.done), '{}') as draft_months,
            exists (select 1 from platform_attestations a
              where a.establishment_id = e.id and a.year = ${scope.year}) as attested,
            coalesce(sum(d.nights_count) filter (where d.done), 0)::text as nights,
            coalesce(sum(d.taxable_nights) filter (where d.done), 0)::text as taxable,
            coalesce(sum(d.platform_nights_count) filter (where d.done), 0)::text as platform,
            coalesce(sum(d.cc_amount) filter (where d.done), 0)::text as cc,
            coalesce(sum(d.moselle_amount) filter (where d.done), 0)::text as moselle,
            ${otherComponentSums(sql`filter (where d.done)`)},
            coalesce(sum(d.total_amount) filter (where d.done), 0)::text as total,
            coalesce(sum(d.total_amount) filter (where d.id is not null and not d.done), 0)::text as draft_total,
            coalesce(bool_and(d.exempted_minor is not null) filter (where d.done), true) as reasons_known,
            coalesce(sum(d.exempted_minor) filter (where d.done), 0)::text as exempted_minor,
            coalesce(sum(d.exempted_seasonal_worker) filter (where d.done), 0)::text as exempted_seasonal_worker,
            coalesce(sum(d.exempted_emergency_rehousing) filter (where d.done), 0)::text as exempted_emergency_rehousing,
            coalesce(sum(d.exempted_low_rent) filter (where d.done), 0)::text as exempted_low_rent
          from establishments e
          join users u on u.id = e.user_id
          left join declarations d on d.establishment_id = e.id and d.year = ${scope.year}
            and d.month in (${monthList(scope.semester)})
          where e.user_id in ${userIds}
          group by e.id, u.id
          order by ${providerName}, u.id, e.name, e.id`;
}

export type TotalsRow = Record<'nights' | 'taxable' | 'platform' | 'cc' | 'total', string> &
  ComponentSumsRow & { reasons_recorded: boolean };

/** The semester's grand totals (done declarations), after `extra` columns (each followed by a comma). */
function totalsOf(scope: SemesterScope, extra: SQL): SQL {
  return sql`select ${extra} coalesce(sum(d.nights_count), 0)::text as nights,
            coalesce(sum(d.taxable_nights), 0)::text as taxable,
            coalesce(sum(d.platform_nights_count), 0)::text as platform,
            coalesce(sum(d.cc_amount), 0)::text as cc,
            coalesce(sum(d.moselle_amount), 0)::text as moselle,
            ${otherComponentSums(sql``)},
            coalesce(sum(d.total_amount), 0)::text as total,
            coalesce(bool_or(d.exempted_minor is not null), false) as reasons_recorded
          from declarations d
          where d.done and d.year = ${scope.year} and d.month in (${monthList(scope.semester)})
          ${scope.userId === undefined ? sql`` : sql`and d.user_id = ${scope.userId}`}`;
}

export function createResumeRepository(db: Executor) {
  return {
    /** Every provider of the semester, in name order: whom an export or the combined PDF goes through. */
    async providerIds(scope: SemesterScope): Promise<number[]> {
      const rows = await selectRows<{ id: number }>(
        db,
        sql`select u.id from users u where ${providersWhere(scope)} order by ${providerName}, u.id`,
      );
      return rows.map((row) => row.id);
    },

    /** One row per establishment of the given providers, with its semester aggregated in SQL. */
    async establishments(
      scope: SemesterScope,
      userIds: readonly number[],
    ): Promise<EstablishmentSemesterRow[]> {
      if (userIds.length === 0) return [];
      return selectRows<EstablishmentSemesterRow>(db, establishmentsOf(scope, sql`(${idList(userIds)})`));
    },

    /**
     * The establishments of a page of the semester's providers (in `providerIds`' order), in one statement: the
     * screen's page needs no round trip for the ids first. Every provider of the semester has an
     * establishment, so each of the page's has rows here.
     */
    async establishmentsPage(
      scope: SemesterScope,
      limit: number,
      offset: number,
    ): Promise<EstablishmentSemesterRow[]> {
      return selectRowsNamed<EstablishmentSemesterRow>(
        db,
        'resume_page',
        establishmentsOf(
          scope,
          sql`(select u.id from users u where ${providersWhere(scope)}
            order by ${providerName}, u.id limit ${limit} offset ${offset})`,
        ),
      );
    },

    /** The sums of every done declaration of the semester (the grand totals, whatever the page). */
    async totals(scope: SemesterScope): Promise<TotalsRow | undefined> {
      const [row] = await selectRows<TotalsRow>(db, totalsOf(scope, sql``));
      return row;
    },

    /** The grand totals and the count of the semester's providers, in one statement. */
    async summary(scope: SemesterScope): Promise<{ totals: TotalsRow | undefined; providerCount: number }> {
      const [row] = await selectRowsNamed<TotalsRow & { provider_count: number }>(
        db,
        'resume_summary',
        totalsOf(
          scope,
          sql`(select count(*)::int from users u where ${providersWhere(scope)}) as provider_count,`,
        ),
      );
      return { totals: row, providerCount: Number(row?.provider_count ?? 0) };
    },

    /** The notice lines of the given providers, provider after provider. */
    async noticeLines(scope: SemesterScope, userIds: readonly number[]): Promise<NoticeLineRow[]> {
      if (userIds.length === 0) return [];
      return selectRows<NoticeLineRow>(
        db,
        sql`select d.user_id, e.id as establishment_id, e.name, d.month, d.nights_count, d.taxable_nights,
            d.platform_nights_count, d.cc_amount, d.moselle_amount, d.ile_de_france_amount,
            d.idf_mobilites_amount, d.railway_line_amount, d.total_amount, d.exempted_minor,
            d.exempted_seasonal_worker, d.exempted_emergency_rehousing, d.exempted_low_rent, d.regime,
            d.period_start::text as period_start, d.period_end::text as period_end, d.capacity,
            d.capacity_unit, d.persons_per_unit, d.open_nights, d.abatement_rate
          from declarations d join establishments e on e.id = d.establishment_id
          where d.done and d.user_id in (${idList(userIds)}) and d.year = ${scope.year}
            and d.month in (${monthList(scope.semester)})
          order by d.user_id, e.name, e.id, d.month`,
      );
    },

    /**
     * Each component's sums of a year's done declarations, per semester and per pricing they were computed
     * with (its components name the beneficiaries).
     */
    async reversementSums(year: number, semester: Semester | undefined): Promise<ReversementSumRow[]> {
      const semesterOf = sql`case when d.month <= 6 then 1 else 2 end`;
      return selectRows<ReversementSumRow>(
        db,
        sql`select ${semesterOf} as semester, p.payload,
            coalesce(sum(d.moselle_amount), 0)::text as moselle,
            ${otherComponentSums(sql``)}
          from declarations d left join pricings p on p.id = d.pricing_id
          where d.done and d.year = ${year}
            ${semester === undefined ? sql`` : sql`and d.month in (${monthList(semester)})`}
          group by 1, d.pricing_id, p.id
          order by 1`,
      );
    },

    /** The semesters with declarations, newest first: one provider's, or everyone's. */
    async semesters(userId: number | undefined) {
      return selectRows<{
        year: number;
        semester: number;
        declarations: number;
        done: number;
        total: string;
        draft_total: string;
      }>(
        db,
        sql`select d.year, case when d.month <= 6 then 1 else 2 end as semester,
            count(*)::int as declarations, count(*) filter (where d.done)::int as done,
            coalesce(sum(d.total_amount) filter (where d.done), 0)::text as total,
            coalesce(sum(d.total_amount) filter (where not d.done), 0)::text as draft_total
          from declarations d
          ${userId === undefined ? sql`` : sql`where d.user_id = ${userId}`}
          group by 1, 2
          order by 1 desc, 2 desc`,
      );
    },

    /**
     * Who the given providers are and where their notices go, with the address of their first establishment
     * that has one.
     */
    async providers(userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      return selectRows<ProviderIdentityRow>(
        db,
        sql`select u.id, ${providerName} as provider, u.firstname, u.lastname, u.company, u.address, u.cp, u.city, u.email,
            e.address as establishment_address, e.cp as establishment_cp, e.city as establishment_city
          from users u
          left join lateral (select e.address, e.cp, e.city from establishments e
            where e.user_id = u.id order by e.address is null, e.id limit 1) e on true
          where u.id in (${idList(userIds)})`,
      );
    },
  };
}

export type ResumeRepository = ReturnType<typeof createResumeRepository>;
