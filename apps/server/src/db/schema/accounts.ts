import { ROLES } from '@sejour/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
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
    /** A provider's SIRET (14 digits), when known: what a bulk import recognises them by (decision 0147). */
    siret: text('siret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Unique case-insensitively: "Alice" and "alice" are one account.
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_siret_key').on(table.siret).where(sql`${table.siret} is not null`),
    index('users_role_idx').on(table.role),
    // Back the lists' case-insensitive sorts so that a page does not sort every row.
    index('users_lastname_lower_idx').on(sql`lower(${table.lastname})`),
    index('users_company_lower_idx').on(sql`lower(${table.company})`),
    index('users_city_lower_idx').on(sql`lower(${table.city})`),
    // Backs the declarations list sorted by provider: walked in order, no page sorts every row.
    index('users_provider_name_idx').on(providerNameOf(table)),
  ],
);

/**
 * The provider's name as lists show it: company, else first and last name, else the username. Written with
 * `||` rather than `concat_ws` (which PostgreSQL marks stable, not immutable) so that it can be indexed; the
 * queries use this very expression, or the planner would not match them to the index.
 */
export function providerNameOf(columns: {
  company: AnyPgColumn;
  firstname: AnyPgColumn;
  lastname: AnyPgColumn;
  username: AnyPgColumn;
}) {
  return sql<string>`coalesce(nullif(${columns.company}, ''), nullif(trim(coalesce(${columns.firstname}, '') || ' ' || coalesce(${columns.lastname}, '')), ''), ${columns.username})`;
}

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

/**
 * One-use link tokens (activation, password reset): the signed token names its `jti`; using it stamps
 * `usedAt`, so a link works once.
 */
export const linkTokens = pgTable(
  'link_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activate', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('link_tokens_user_idx').on(table.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * A new e-mail address waiting for its confirmation (decision 0150): one per account, replaced by a newer
 * ask. The mailed link carries a random token; only its SHA-256 is kept.
 */
export const emailChanges = pgTable('email_changes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
