import type { ClosureSpan, EstablishmentLife, YearMonth } from '@sejour/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../db/database';
import { establishmentClosures, establishments, users } from '../db/schema';

export interface ClosureRecord {
  id: number;
  startDate: string;
  endDate: string;
  reason: string;
  createdBy: string | null;
  createdAt: Date;
}

export interface LifeRow {
  id: number;
  name: string;
  openingDate: string | null;
  ceasedOn: string | null;
  cessationReason: string | null;
  ceasedAt: Date | null;
}

/**
 * The establishment's life in SQL: the nights it lets, as a `datemultirange` — from its opening (or ever) to
 * its cessation (or for ever), less its closures. `e` names the establishment's row. The missing months and
 * periods intersect it with their own nights, so the database answers exactly what `isMonthDue` does.
 */
export function lettingNightsSql(e: SQL): SQL {
  return sql`(datemultirange(daterange(${e}.opening_date, ${e}.ceased_on, '[)'))
    - coalesce((select range_agg(daterange(c.start_date, c.end_date, '[]'))
                from establishment_closures c where c.establishment_id = ${e}.id), '{}'::datemultirange))`;
}

const LIFE_COLUMNS = {
  id: establishments.id,
  name: establishments.name,
  openingDate: establishments.openingDate,
  ceasedOn: establishments.ceasedOn,
  cessationReason: establishments.cessationReason,
  ceasedAt: establishments.ceasedAt,
};

/** Reads and writes of establishments' lives, with the executor given (a transaction's for the writes). */
export function createLifecycleRepository(db: Executor) {
  return {
    /** The row locked for the change's transaction: closures and the cessation are checked against it. */
    async lock(id: number): Promise<LifeRow | undefined> {
      const [row] = await db
        .select(LIFE_COLUMNS)
        .from(establishments)
        .where(eq(establishments.id, id))
        .for('update');
      return row;
    },

    async find(id: number): Promise<LifeRow | undefined> {
      const [row] = await db.select(LIFE_COLUMNS).from(establishments).where(eq(establishments.id, id));
      return row;
    },

    closures(establishmentId: number): Promise<ClosureRecord[]> {
      return db
        .select({
          id: establishmentClosures.id,
          startDate: establishmentClosures.startDate,
          endDate: establishmentClosures.endDate,
          reason: establishmentClosures.reason,
          createdBy: users.username,
          createdAt: establishmentClosures.createdAt,
        })
        .from(establishmentClosures)
        .leftJoin(users, eq(users.id, establishmentClosures.createdBy))
        .where(eq(establishmentClosures.establishmentId, establishmentId))
        .orderBy(asc(establishmentClosures.startDate), asc(establishmentClosures.id));
    },

    async insertClosure(
      establishmentId: number,
      closure: { startDate: string; endDate: string; reason: string },
      createdBy: number,
    ): Promise<void> {
      await db.insert(establishmentClosures).values({ establishmentId, ...closure, createdBy });
    },

    async deleteClosure(
      establishmentId: number,
      closureId: number,
    ): Promise<{ startDate: string; endDate: string; reason: string } | undefined> {
      const [row] = await db
        .delete(establishmentClosures)
        .where(
          and(
            eq(establishmentClosures.id, closureId),
            eq(establishmentClosures.establishmentId, establishmentId),
          ),
        )
        .returning({
          startDate: establishmentClosures.startDate,
          endDate: establishmentClosures.endDate,
          reason: establishmentClosures.reason,
        });
      return row;
    },

    async setCessation(
      id: number,
      cessation: { ceasedOn: string; reason: string; at: Date } | null,
    ): Promise<void> {
      await db
        .update(establishments)
        .set({
          ceasedOn: cessation?.ceasedOn ?? null,
          cessationReason: cessation?.reason ?? null,
          ceasedAt: cessation?.at ?? null,
          updatedAt: sql`now()`,
        })
        .where(eq(establishments.id, id));
    },

    /**
     * The months declared with nights (au réel: direct or through a platform) and the forfait periods declared
     * open: what a closure may not cover, nor a cessation precede.
     */
    /**
     * The first stay of the register with a night from `from` on and, given `to`, up to that night: what a
     * closure or a cessation over those nights would leave standing on nights not let.
     */
    async firstStayWithNight(
      establishmentId: number,
      from: string,
      to?: string,
    ): Promise<{ arrival: string; departure: string } | undefined> {
      const [row] = await selectRows<{ arrival: string; departure: string }>(
        db,
        sql`select arrival::text, departure::text from stays
            where establishment_id = ${establishmentId} and departure > ${from}::date
              ${to === undefined ? sql`` : sql`and arrival <= ${to}::date`}
            order by arrival, id limit 1`,
      );
      return row;
    },

    async declaredWithNights(
      establishmentId: number,
    ): Promise<Array<YearMonth & { periodStart: string | null; periodEnd: string | null }>> {
      const rows = await selectRows<{
        year: number;
        month: number;
        period_start: string | null;
        period_end: string | null;
      }>(
        db,
        sql`select year, month, period_start::text, period_end::text from declarations
            where establishment_id = ${establishmentId}
              and ((regime = 'REEL' and nights_count + platform_nights_count > 0)
                or (regime = 'FORFAIT' and coalesce(open_nights, 0) > 0))
            order by year, month`,
      );
      return rows.map((row) => ({
        year: row.year,
        month: row.month as YearMonth['month'],
        periodStart: row.period_start,
        periodEnd: row.period_end,
      }));
    },

    /** One establishment's life, its closures with their reasons, in one statement. */
    async life(id: number): Promise<LifeWithReasons | undefined> {
      const [row] = await selectRows<{
        opening_date: string | null;
        ceased_on: string | null;
        closures: ClosureWithReason[];
      }>(
        db,
        sql`select e.opening_date::text as opening_date, e.ceased_on::text as ceased_on,
              (select coalesce(json_agg(json_build_object('startDate', c.start_date::text,
                 'endDate', c.end_date::text, 'reason', c.reason) order by c.start_date), '[]'::json)
               from establishment_closures c where c.establishment_id = e.id) as closures
            from establishments e where e.id = ${id}`,
      );
      return row && { openingDate: row.opening_date, ceasedOn: row.ceased_on, closures: row.closures };
    },

    /** The lives of many establishments, in two reads (the due-month rule reads them). */
    async lives(ids: readonly number[]): Promise<Map<number, EstablishmentLife>> {
      const lives = new Map<number, EstablishmentLife>();
      if (ids.length === 0) return lives;
      const [rows, closures] = await Promise.all([
        db
          .select({
            id: establishments.id,
            openingDate: establishments.openingDate,
            ceasedOn: establishments.ceasedOn,
          })
          .from(establishments)
          .where(inArray(establishments.id, [...ids])),
        db
          .select({
            establishmentId: establishmentClosures.establishmentId,
            startDate: establishmentClosures.startDate,
            endDate: establishmentClosures.endDate,
          })
          .from(establishmentClosures)
          .where(inArray(establishmentClosures.establishmentId, [...ids])),
      ]);
      const closuresOf = new Map<number, ClosureSpan[]>();
      for (const { establishmentId, ...span } of closures)
        closuresOf.set(establishmentId, [...(closuresOf.get(establishmentId) ?? []), span]);
      for (const row of rows)
        lives.set(row.id, {
          openingDate: row.openingDate,
          ceasedOn: row.ceasedOn,
          closures: closuresOf.get(row.id) ?? [],
        });
      return lives;
    },
  };
}

export interface ClosureWithReason extends ClosureSpan {
  reason: string;
}

export interface LifeWithReasons extends EstablishmentLife {
  closures: ClosureWithReason[];
}

export type LifecycleRepository = ReturnType<typeof createLifecycleRepository>;
