import type { StoredPricingPayload } from '@sejour/domain';
import { and, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { declarations, establishments, type PricingRow, pricings } from '../db/schema';

export type PricingsRepository = ReturnType<typeof createPricingsRepository>;

/** What a done declaration was computed with, as far as a change of its pricing is concerned. */
export interface DoneDeclarationUse {
  id: number;
  year: number;
  month: number;
  /** The type the declaration was computed for (its tariffs copy), else its establishment's current type. */
  type: string | null;
}

export function createPricingsRepository(db: Executor) {
  return {
    /** Every pricing, the latest period first (there is about one a year: no paging). */
    async list(): Promise<PricingRow[]> {
      return db.select().from(pricings).orderBy(desc(pricings.beginDate), desc(pricings.id));
    },

    async findById(id: number): Promise<PricingRow | undefined> {
      const [row] = await db.select().from(pricings).where(eq(pricings.id, id)).limit(1);
      return row;
    },

    /**
     * Locks the row until the end of the transaction: a pricing being changed or deleted cannot get a new
     * done declaration in between (the declarations feature takes the same lock, `FOR SHARE`, to mark one done).
     */
    async findByIdForUpdate(id: number): Promise<PricingRow | undefined> {
      const [row] = await db.select().from(pricings).where(eq(pricings.id, id)).limit(1).for('update');
      return row;
    },

    /** The pricings, other than `exceptId`, whose period shares at least one day with [begin, end]. */
    async findOverlapping(beginDate: string, endDate: string, exceptId?: number): Promise<PricingRow[]> {
      const overlap = and(lte(pricings.beginDate, endDate), gte(pricings.endDate, beginDate));
      return db
        .select()
        .from(pricings)
        .where(exceptId === undefined ? overlap : and(overlap, ne(pricings.id, exceptId)))
        .orderBy(pricings.beginDate);
    },

    async insert(payload: StoredPricingPayload): Promise<PricingRow> {
      const [row] = await db
        .insert(pricings)
        .values({ beginDate: payload.beginDate, endDate: payload.endDate, payload })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: number, payload: StoredPricingPayload): Promise<PricingRow | undefined> {
      const [row] = await db
        .update(pricings)
        .set({ beginDate: payload.beginDate, endDate: payload.endDate, payload, updatedAt: new Date() })
        .where(eq(pricings.id, id))
        .returning();
      return row;
    },

    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(pricings).where(eq(pricings.id, id)).returning({ id: pricings.id });
      return rows.length > 0;
    },

    /** Number of done declarations per pricing, for the pricings given (absent = none). */
    async countDone(ids: number[]): Promise<Map<number, number>> {
      const counts = new Map<number, number>();
      if (ids.length === 0) return counts;
      const rows = await db
        .select({ pricingId: declarations.pricingId, n: sql<number>`count(*)::int` })
        .from(declarations)
        .where(and(eq(declarations.done, true), inArray(declarations.pricingId, ids)))
        .groupBy(declarations.pricingId);
      for (const row of rows) if (row.pricingId !== null) counts.set(row.pricingId, row.n);
      return counts;
    },

    /** The done declarations computed with this pricing: what a change must not alter. */
    async doneDeclarationsOf(pricingId: number): Promise<DoneDeclarationUse[]> {
      const rows = await db
        .select({
          id: declarations.id,
          year: declarations.year,
          month: declarations.month,
          tariffs: declarations.tariffs,
          establishmentType: establishments.type,
        })
        .from(declarations)
        .innerJoin(establishments, eq(establishments.id, declarations.establishmentId))
        .where(and(eq(declarations.pricingId, pricingId), eq(declarations.done, true)));
      return rows.map((row) => ({
        id: row.id,
        year: row.year,
        month: row.month,
        type: row.tariffs?.type ?? row.establishmentType ?? null,
      }));
    },

    /**
     * Open (not done) declarations keep no copy that matters yet: deleting their pricing detaches them; the
     * declarations feature finds the pricing in force again when they are saved or marked done.
     */
    async detachOpenDeclarations(pricingId: number): Promise<number> {
      const rows = await db
        .update(declarations)
        .set({ pricingId: null, updatedAt: new Date() })
        .where(and(eq(declarations.pricingId, pricingId), eq(declarations.done, false)))
        .returning({ id: declarations.id });
      return rows.length;
    },
  };
}
