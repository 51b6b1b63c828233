import { REPORT_STATUSES, type ReportContent } from '@sejour/domain';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { establishments } from './establishments';

/**
 * Accommodations registered through the public forms, waiting for an admin (docs/features/reports.md). Nothing
 * else is created until an admin accepts one: then `providerId` and `establishmentId` name what was made.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('new'),
    content: jsonb('content').$type<ReportContent>().notNull(),
    /** The declarant's e-mail, lower-case: the providers shown beside the report are found by it. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The deciding admin's username, kept as text: the decision outlives the account. */
    decidedBy: text('decided_by'),
    rejectReason: text('reject_reason'),
    providerId: integer('provider_id').references(() => users.id, { onDelete: 'set null' }),
    establishmentId: integer('establishment_id').references(() => establishments.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    index('reports_status_created_idx').on(table.status, table.createdAt),
    index('reports_email_idx').on(table.email),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
