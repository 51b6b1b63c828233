import type { IsoDate } from '@sejour/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../db/database';
import { monthList, type SemesterScope } from './repository';

/** An establishment declared au forfait in the semester: what the resume's CSV says of its regime and forfait. */
export interface SemesterForfait {
  /** It has monthly declarations too in the semester (a deliberation that changed its regime). */
  alsoReel: boolean;
  /** The collection periods of its done forfait declarations, in order. */
  periods: { start: IsoDate; end: IsoDate }[];
  /** Their amount, in cents: the forfait counted in the resume's amounts. */
  amount: number;
}

/**
 * The semester's establishments with a forfait declaration, done or not, by establishment id: only those, so
 * that the map stays small whatever the number of establishments au réel.
 */
export async function semesterForfaits(
  db: Executor,
  scope: SemesterScope,
): Promise<Map<number, SemesterForfait>> {
  const rows = await selectRows<{
    establishment_id: number;
    also_reel: boolean;
    periods: { start: IsoDate; end: IsoDate }[] | null;
    amount: string;
  }>(db, semesterForfaitsQuery(scope));
  return new Map(
    rows.map((row) => [
      row.establishment_id,
      { alsoReel: row.also_reel, periods: row.periods ?? [], amount: Number(row.amount) },
    ]),
  );
}

/**
 * The statement of `semesterForfaits`: the establishments are found on the forfait declarations' partial index
 * (`declarations_forfait_idx`), then only their declarations of the semester are read.
 */
export function semesterForfaitsQuery(scope: SemesterScope): SQL {
  const months = monthList(scope.semester);
  return sql`select d.establishment_id,
      bool_or(d.regime = 'REEL') as also_reel,
      json_agg(json_build_object('start', d.period_start::text, 'end', d.period_end::text) order by d.period_start)
        filter (where d.regime = 'FORFAIT' and d.done) as periods,
      coalesce(sum(d.total_amount) filter (where d.regime = 'FORFAIT' and d.done), 0)::text as amount
    from declarations d
    where d.year = ${scope.year} and d.month in (${months})
      and d.establishment_id in (select f.establishment_id from declarations f
        where f.regime = 'FORFAIT' and f.year = ${scope.year} and f.month in (${months})
          ${scope.userId === undefined ? sql`` : sql`and f.user_id = ${scope.userId}`})
      ${scope.userId === undefined ? sql`` : sql`and d.user_id = ${scope.userId}`}
    group by d.establishment_id`;
}
