import type { YearBounds } from '@sejour/domain';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { legalBounds, pricings } from '../db/schema';

/** The legal bounds a superadmin entered, and how many pricings touch a year. */
export function createLegalBoundsRepository(db: Executor) {
  return {
    async list(): Promise<YearBounds[]> {
      const rows = await db.select().from(legalBounds).orderBy(asc(legalBounds.year));
      return rows.map((row) => row.payload);
    },

    /** Locks the row to the end of the transaction: a pricing cannot start using the year in between. */
    async findForUpdate(year: number): Promise<YearBounds | undefined> {
      const [row] = await db.select().from(legalBounds).where(eq(legalBounds.year, year)).for('update');
      return row?.payload;
    },

    /** Inserts the year; false when it already exists. */
    async insert(bounds: YearBounds): Promise<boolean> {
      const rows = await db
        .insert(legalBounds)
        .values({ year: bounds.year, payload: bounds })
        .onConflictDoNothing()
        .returning({ year: legalBounds.year });
      return rows.length > 0;
    },

    async update(bounds: YearBounds): Promise<void> {
      await db
        .update(legalBounds)
        .set({ payload: bounds, updatedAt: sql`now()` })
        .where(eq(legalBounds.year, bounds.year));
    },

    async delete(year: number): Promise<void> {
      await db.delete(legalBounds).where(eq(legalBounds.year, year));
    },

    /** How many pricings have at least one day in each year (a pricing across two years counts in both). */
    async pricingsPerYear(): Promise<Map<number, number>> {
      const rows = await db
        .select({ beginDate: pricings.beginDate, endDate: pricings.endDate })
        .from(pricings);
      const counts = new Map<number, number>();
      for (const { beginDate, endDate } of rows) {
        for (let year = Number(beginDate.slice(0, 4)); year <= Number(endDate.slice(0, 4)); year += 1) {
          counts.set(year, (counts.get(year) ?? 0) + 1);
        }
      }
      return counts;
    },

    async pricingsInYear(year: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(pricings)
        .where(and(lte(pricings.beginDate, `${year}-12-31`), gte(pricings.endDate, `${year}-01-01`)));
      return row?.count ?? 0;
    },
  };
}
