import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { establishments } from './establishments';

/**
 * The host's register (registre du logeur): one row per stay. No civil-status data: counts, dates, a price
 * and a free reference. A stay with a night in a month whose declaration is done is frozen (service rule).
 */
export const stays = pgTable(
  'stays',
  {
    id: serial('id').primaryKey(),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    /** The establishment's owner, kept here so that the ownership check needs no join. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    arrival: date('arrival', { mode: 'string' }).notNull(),
    departure: date('departure', { mode: 'string' }).notNull(),
    persons: integer('persons').notNull(),
    exempted: integer('exempted').notNull().default(0),
    exemptionReason: text('exemption_reason', {
      enum: ['MINOR', 'SEASONAL_WORKER', 'EMERGENCY_REHOUSING', 'LOW_RENT'],
    }),
    /** Price of the whole stay excluding tax, in cents. */
    price: integer('price').notNull(),
    /** Booked and paid through a platform that collected the tax itself. */
    platform: boolean('platform').notNull().default(false),
    reference: text('reference').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A month's stays are those arriving before its end and leaving after its first day.
    index('stays_establishment_arrival_idx').on(table.establishmentId, table.arrival),
    index('stays_user_idx').on(table.userId),
  ],
);

export type StayRow = typeof stays.$inferSelect;
