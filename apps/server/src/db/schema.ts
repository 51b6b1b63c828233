import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The database schema: the one source of the database types. Tables of later features are added here and
 * reference `users.id` with `onDelete: 'cascade'` so that deleting a provider removes everything they own.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['superadmin', 'admin', 'host'] }).notNull(),
    passwordHash: text('password_hash'),
    /** Bumped to revoke every session and link token issued before (password change, archive…). */
    tokenVersion: integer('token_version').notNull().default(0),
    activated: boolean('activated').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    firstname: text('firstname'),
    lastname: text('lastname'),
    company: text('company'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    cp: text('cp'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Unique case-insensitively: "Alice" and "alice" are one account.
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    index('users_role_idx').on(table.role),
  ],
);

/** Key/value settings shared by every instance (e.g. the generated token secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Fixed-window counters for rate limits that must hold across instances (login failures, mail requests).
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
