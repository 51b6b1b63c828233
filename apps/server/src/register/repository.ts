import type { EstablishmentType, Nature, StayInput } from '@sejour/domain';
import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { declarations, establishments, type PricingRow, pricings, type StayRow, stays } from '../db/schema';

export type RegisterRepository = ReturnType<typeof createRegisterRepository>;

/** Inserted in batches: one statement per batch keeps an import of 10 000 stays to a few round trips. */
const INSERT_BATCH = 1_000;

/** Rows per read of a large export: a few milliseconds of work each. */
const READ_PAGE = 500;

/** The register's reads and writes; every check of the rules is in the service. */
export function createRegisterRepository(db: Executor) {
  return {
    async establishment(id: number): Promise<
      | {
          id: number;
          userId: number;
          name: string;
          type: EstablishmentType | null;
          capacityMaxPerson: number | null;
          nature: Nature | null;
          stars: number | null;
          classifiedOn: string | null;
        }
      | undefined
    > {
      const [row] = await db
        .select({
          id: establishments.id,
          userId: establishments.userId,
          name: establishments.name,
          type: establishments.type,
          capacityMaxPerson: establishments.capacityMaxPerson,
          nature: establishments.nature,
          stars: establishments.stars,
          classifiedOn: establishments.classifiedOn,
        })
        .from(establishments)
        .where(eq(establishments.id, id))
        .limit(1);
      return row;
    },

    /** Locks the establishment's row: imports and edits of one register run one after the other. */
    async lockEstablishment(id: number): Promise<void> {
      await db
        .select({ id: establishments.id })
        .from(establishments)
        .where(eq(establishments.id, id))
        .for('update');
    },

    /** "yyyy-mm" of the establishment's done months: their stays are frozen. */
    async doneMonths(establishmentId: number): Promise<Set<string>> {
      const rows = await db
        .select({ year: declarations.year, month: declarations.month })
        .from(declarations)
        .where(and(eq(declarations.establishmentId, establishmentId), eq(declarations.done, true)));
      return new Set(rows.map((r) => `${r.year}-${String(r.month).padStart(2, '0')}`));
    },

    /** Stays with a night in [from, to): arriving before `to`, leaving after `from`. */
    async ofPeriod(establishmentId: number, from: string, to: string): Promise<StayRow[]> {
      return db
        .select()
        .from(stays)
        .where(
          and(eq(stays.establishmentId, establishmentId), lt(stays.arrival, to), gt(stays.departure, from)),
        )
        .orderBy(asc(stays.arrival), asc(stays.id));
    },

    /**
     * The same stays read a page at a time, in the same order, with a pause between pages: a year of a large
     * register is read without one long hold on the request thread (PGlite runs queries on it) or its
     * connection.
     */
    async *ofPeriodInPages(establishmentId: number, from: string, to: string): AsyncGenerator<StayRow[]> {
      let after: { arrival: string; id: number } | undefined;
      for (;;) {
        const page = await db
          .select()
          .from(stays)
          .where(
            and(
              eq(stays.establishmentId, establishmentId),
              lt(stays.arrival, to),
              gt(stays.departure, from),
              // The plain bound lets the (establishment, arrival) index start at the page instead of the register's
              // first stay; the row comparison then skips what the previous page already gave.
              after ? gte(stays.arrival, after.arrival) : undefined,
              after ? sql`(${stays.arrival}, ${stays.id}) > (${after.arrival}, ${after.id})` : undefined,
            ),
          )
          .orderBy(asc(stays.arrival), asc(stays.id))
          .limit(READ_PAGE);
        if (page.length > 0) yield page;
        if (page.length < READ_PAGE) return;
        const last = page[page.length - 1]!;
        after = { arrival: last.arrival, id: last.id };
        await new Promise((resolve) => setImmediate(resolve));
      }
    },

    /** How many stays of the establishment arrive in each of these years (the register's yearly bound). */
    async countByArrivalYear(
      establishmentId: number,
      years: readonly number[],
    ): Promise<Map<number, number>> {
      if (years.length === 0) return new Map();
      const year = sql<number>`extract(year from ${stays.arrival})::int`;
      const rows = await db
        .select({ year, count: sql<number>`count(*)::int` })
        .from(stays)
        .where(
          and(
            eq(stays.establishmentId, establishmentId),
            sql`${stays.arrival} >= ${`${Math.min(...years)}-01-01`}`,
            lt(stays.arrival, `${Math.max(...years) + 1}-01-01`),
          ),
        )
        .groupBy(year);
      return new Map(rows.map((r) => [Number(r.year), Number(r.count)]));
    },

    async find(id: number): Promise<StayRow | undefined> {
      const [row] = await db.select().from(stays).where(eq(stays.id, id)).limit(1).for('update');
      return row;
    },

    async insert(establishmentId: number, userId: number, input: readonly StayInput[]): Promise<StayRow[]> {
      const inserted: StayRow[] = [];
      for (let i = 0; i < input.length; i += INSERT_BATCH) {
        const batch = input.slice(i, i + INSERT_BATCH).map((stay) => ({ ...stay, establishmentId, userId }));
        inserted.push(...(await db.insert(stays).values(batch).returning()));
      }
      return inserted;
    },

    async update(id: number, input: StayInput): Promise<StayRow> {
      const [row] = await db
        .update(stays)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(stays.id, id))
        .returning();
      if (!row) throw new Error(`stay ${id} vanished in its transaction`);
      return row;
    },

    async delete(id: number): Promise<void> {
      await db.delete(stays).where(eq(stays.id, id));
    },

    /**
     * The pricings in force on some day from `from` (included) to `to` (excluded): the domain's
     * `pricingOfNight` and `pricingOfMonth` pick among them.
     */
    async pricingsOverlapping(from: string, to: string): Promise<PricingRow[]> {
      return db
        .select()
        .from(pricings)
        .where(and(sql`${pricings.beginDate} < ${to}`, sql`${pricings.endDate} >= ${from}`));
    },
  };
}
