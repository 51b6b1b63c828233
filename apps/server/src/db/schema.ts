import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditChanges,
  type DeclarationTariffs,
  ESTABLISHMENT_TYPES,
  MESSAGE_AUDIENCES,
  type PricingPayload,
  REPORT_STATUSES,
  type ReportContent,
  ROLES,
  type YearBounds,
} from '@sejour/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Raw bytes (files are kept in the database: one backup holds everything, a cascade leaves no orphan). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Unique case-insensitively: "Alice" and "alice" are one account.
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
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

export const establishments = pgTable(
  'establishments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    capacityMaxRoom: integer('capacity_max_room'),
    capacityMaxPerson: integer('capacity_max_person'),
    address: text('address'),
    city: text('city'),
    cp: text('cp'),
    /** Empty = not specified. */
    type: text('type', { enum: ESTABLISHMENT_TYPES }),
    typePrecision: text('type_precision'),
    description: text('description'),
    /** Numéro d'enregistrement (furnished lets). */
    numero: text('numero'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('establishments_user_idx').on(table.userId),
    index('establishments_name_idx').on(table.name),
    // The establishments list's default order, case-insensitive.
    index('establishments_name_lower_idx').on(sql`lower(${table.name})`),
    // The declarations list sorted by type or commune walks these, establishments of a kind by name.
    index('establishments_type_name_idx').on(table.type, table.name),
    index('establishments_city_name_idx').on(table.city, table.name),
    // Stored upper-case already; the index on upper() also holds against a row written another way.
    uniqueIndex('establishments_numero_upper_key').on(sql`upper(${table.numero})`),
  ],
);

/**
 * The establishment's image, one at most: re-encoded by the server (`data` at most 1600 px, `thumbnail`
 * 320 px), metadata stripped (docs/decisions/0008-uploads.md).
 */
export const establishmentImages = pgTable('establishment_images', {
  establishmentId: integer('establishment_id')
    .primaryKey()
    .references(() => establishments.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  thumbnail: bytea('thumbnail').notNull(),
  width: integer('width'),
  height: integer('height'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pricing tables (tarifs). `payload` holds what the admin typed (rows keyed by type); the computed columns
 * are derived by the domain. Two periods never overlap: an exclusion constraint (added in the migration)
 * holds even for two concurrent creations.
 */
export const pricings = pgTable(
  'pricings',
  {
    id: serial('id').primaryKey(),
    beginDate: date('begin_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    payload: jsonb('payload').$type<PricingPayload>().notNull(),
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

/** What a declaration was computed with: a later change of the pricing never changes a done declaration. */
export interface DeclarationTariffsCopy {
  pricingId: number;
  type: (typeof ESTABLISHMENT_TYPES)[number];
  tariffs: DeclarationTariffs;
}

export const declarations = pgTable(
  'declarations',
  {
    id: serial('id').primaryKey(),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    /** The establishment's owner, kept here so that lists filter by provider without a join. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pricingId: integer('pricing_id').references(() => pricings.id, { onDelete: 'restrict' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    done: boolean('done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
    personCount: integer('person_count').notNull().default(0),
    nightsCount: integer('nights_count').notNull().default(0),
    exemptedCount: integer('exempted_count').notNull().default(0),
    nightsCountInf: integer('nights_count_inf').notNull().default(0),
    nightsCountSup: integer('nights_count_sup').notNull().default(0),
    nightsCountInfMin: integer('nights_count_inf_min').notNull().default(0),
    nightsCountSupMin: integer('nights_count_sup_min').notNull().default(0),
    /** Sums collected, in cents. */
    prixInf: integer('prix_inf').notNull().default(0),
    prixSup: integer('prix_sup').notNull().default(0),
    prixInfMin: integer('prix_inf_min').notNull().default(0),
    prixSupMin: integer('prix_sup_min').notNull().default(0),
    /** Person-nights booked through a platform that collected the tax itself: shown, summed, never charged. */
    platformNightsCount: integer('platform_nights_count').notNull().default(0),
    /** Person-nights charged (declared minus exempted), kept so lists and totals need no recomputation. */
    taxableNights: integer('taxable_nights').notNull().default(0),
    /** Computed amounts, in cents (CC = community of communes; Moselle = departmental additional tax). */
    ccAmount: integer('cc_amount').notNull().default(0),
    moselleAmount: integer('moselle_amount').notNull().default(0),
    totalAmount: integer('total_amount').notNull().default(0),
    tariffs: jsonb('tariffs').$type<DeclarationTariffsCopy>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('declarations_establishment_month_key').on(table.establishmentId, table.year, table.month),
    // With the id, the tie-breaker of every list: the export's keyset and a period sort read only their rows.
    index('declarations_period_idx').on(table.year, table.month, table.id),
    // One per sortable column of the list, so that a sorted page walks an index instead of sorting the set.
    index('declarations_nights_idx').on(table.nightsCount, table.id),
    index('declarations_total_idx').on(table.totalAmount, table.id),
    index('declarations_updated_idx').on(table.updatedAt, table.id),
    index('declarations_done_idx').on(table.done, table.id),
    // The usual admin filter: a year's done (or pending) declarations.
    index('declarations_year_done_idx').on(table.year, table.done, table.month),
    index('declarations_user_idx').on(table.userId, table.year, table.month),
    index('declarations_pricing_idx').on(table.pricingId),
  ],
);

/**
 * "Let only through platforms that collect the tax" for a whole year: the establishment's months count as
 * declared at zero direct person-nights, and no reminder is sent. Withdrawing it deletes the row.
 */
export const platformAttestations = pgTable(
  'platform_attestations',
  {
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.establishmentId, table.year] })],
);

/** The residence register (registre du logeur) attached to a declaration, one at most. */
export const declarationFiles = pgTable('declaration_files', {
  declarationId: integer('declaration_id')
    .primaryKey()
    .references(() => declarations.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
 * The durable queue of outgoing mail (docs/decisions/0108-home-and-durable-jobs.md): a mail accepted is a row, so a
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

/**
 * Accommodations registered through the public forms, waiting for an admin (docs/decisions/0109). Nothing
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

/**
 * The audit log (docs/decisions/0112-audit-log.md): one row per change, written in the change's transaction.
 * No foreign key: an entry outlives the user, establishment or declaration it names (names are copied), and
 * a trigger of the migration refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    actorRole: text('actor_role', { enum: ROLES }),
    ip: text('ip'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    entity: text('entity', { enum: AUDIT_ENTITIES }).notNull(),
    entityId: integer('entity_id'),
    entityLabel: text('entity_label'),
    /** The establishment an establishment's or a declaration's entry belongs to: its history reads them all. */
    establishmentId: integer('establishment_id'),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (table) => [
    // The Journal pages newest first, whatever the filter; each filter has its own index to walk.
    index('audit_log_at_idx').on(table.at, table.id),
    index('audit_log_actor_name_idx').on(sql`lower(${table.actorName})`, table.at),
    index('audit_log_entity_idx').on(table.entity, table.at),
    index('audit_log_entity_id_idx').on(table.entity, table.entityId, table.at),
    index('audit_log_establishment_idx').on(table.establishmentId, table.at),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type EstablishmentRow = typeof establishments.$inferSelect;
export type PricingRow = typeof pricings.$inferSelect;
export type DeclarationRow = typeof declarations.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type StayRow = typeof stays.$inferSelect;
