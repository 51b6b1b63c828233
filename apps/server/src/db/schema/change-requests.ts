import { CHANGE_REQUEST_KINDS, CHANGE_REQUEST_STATUSES, type ChangeValues } from '@sejour/domain';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { establishments } from './establishments';

/**
 * Change requests (decision 0150): new identity or tax values a host proposes for their establishment
 * (`establishment_id` set) or their own account, the date they take effect, and the admin's decision. An
 * accepted request is applied on its effective date (`applied_at`), by the admin's edit of that row.
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    establishmentId: integer('establishment_id').references(() => establishments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHANGE_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: CHANGE_REQUEST_STATUSES }).notNull().default('pending'),
    values: jsonb('values').$type<ChangeValues>().notNull(),
    /** The values in place when the request was made, as the host saw them. */
    previous: jsonb('previous').$type<ChangeValues>().notNull(),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    reason: text('reason'),
    /** The admin who decided: the scheduled application acts in their name. */
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One pending request of a kind per establishment (or per provider, without an establishment).
    uniqueIndex('change_requests_pending_key')
      .on(table.userId, sql`coalesce(${table.establishmentId}, 0)`, table.kind)
      .where(sql`${table.status} = 'pending'`),
    index('change_requests_status_idx').on(table.status, table.createdAt),
    index('change_requests_establishment_idx').on(table.establishmentId, table.createdAt),
    index('change_requests_user_idx').on(table.userId, table.createdAt),
    // The scheduler's walk: accepted, not applied yet.
    index('change_requests_due_idx')
      .on(table.effectiveOn)
      .where(sql`${table.status} = 'accepted' and ${table.appliedAt} is null`),
  ],
);

export type ChangeRequestRow = typeof changeRequests.$inferSelect;
