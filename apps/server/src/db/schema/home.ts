import { MESSAGE_AUDIENCES } from '@sejour/domain';
import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Announcements shown on Home, to their audience, between their publication and expiry dates (either may be
 * empty: at once, never). The body is plain text: the web shows it as text, never as HTML.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience', { enum: MESSAGE_AUDIENCES }).notNull().default('everyone'),
    publishAt: date('publish_at', { mode: 'string' }),
    expiresAt: date('expires_at', { mode: 'string' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('messages_created_idx').on(table.createdAt, table.id)],
);

/**
 * The durable queue of outgoing mail (docs/decisions/0108-durable-jobs.md): a mail accepted is a row, so a
 * restart loses nothing, and instances share the work by claiming rows with `FOR UPDATE SKIP LOCKED`. The
 * content is cleared once the mail is sent or given up (it may carry a one-use link).
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: serial('id').primaryKey(),
    /** What the mail is (activation, reset, reminder…), for the logs. */
    kind: text('kind').notNull(),
    /** Whom it concerns, for the logs (no foreign key: a mail outlives nothing it names). */
    userId: integer('user_id'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    link: text('link'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not tried before this time (the back-off after a failure). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** An instance is trying it until then; past it (the instance died) another may. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('mail_jobs_due_idx').on(table.status, table.runAt)],
);

/**
 * One row per month whose reminder was sent: the instance that inserts it sends the mails in the same
 * transaction, so with several instances each month's reminder goes out once.
 */
export const reminderRuns = pgTable('reminder_runs', {
  /** The month reminded of, `YYYY-MM`. */
  period: text('period').primaryKey(),
  mails: integer('mails').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
