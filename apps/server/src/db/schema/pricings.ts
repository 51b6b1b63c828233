import type { StoredPricingPayload, YearBounds } from '@sejour/domain';
import { date, index, integer, jsonb, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';

/**
 * Pricing tables (tarifs). `payload` holds what the admin typed (rows keyed by type, and the deliberation's
 * components, periods and threshold when they are not today's; read them through
 * `deliberationOfStoredPricing`); the computed columns are derived by the domain. Two periods never overlap:
 * an exclusion constraint (added in the migration) holds even for two concurrent creations.
 */
export const pricings = pgTable(
  'pricings',
  {
    id: serial('id').primaryKey(),
    /** The collectivity whose deliberation this is: one today (`SOLE_COLLECTIVITY_ID`). */
    collectivityId: integer('collectivity_id').notNull().default(1),
    beginDate: date('begin_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    payload: jsonb('payload').$type<StoredPricingPayload>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pricings_period_idx').on(table.beginDate, table.endDate)],
);

/**
 * Legal bounds of the years a superadmin entered (decision 0107), beside the years shipped in the domain.
 * `payload` is a `YearBounds` checked by `legalBoundsPayloadSchema`.
 */
export const legalBounds = pgTable('legal_bounds', {
  year: integer('year').primaryKey(),
  payload: jsonb('payload').$type<YearBounds>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PricingRow = typeof pricings.$inferSelect;
