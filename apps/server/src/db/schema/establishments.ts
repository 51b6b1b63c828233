import { ESTABLISHMENT_TYPES, NATURES } from '@sejour/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytea } from './columns';

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
    /**
     * What the establishment is, and its classification (stars, with the date of the decision): `type`, the
     * grid row, is derived from both (`typeOfNature`). Null nature with a type = a row kept from before
     * natures existed, waiting for an admin to confirm which nature it is (decision 0137).
     */
    nature: text('nature', { enum: NATURES }),
    stars: smallint('stars'),
    classifiedOn: date('classified_on', { mode: 'string' }),
    description: text('description'),
    /** Numéro d'enregistrement (furnished lets). */
    numero: text('numero'),
    /**
     * The first day of letting: months before its month are not due (`isMonthDue`). Null when not known
     * (a row written outside the API): every month is due.
     */
    openingDate: date('opening_date', { mode: 'string' }),
    /**
     * The cessation: the first night no longer let (months after it are not due), why, and when it was
     * entered. Null while letting; an admin's reopening clears all three.
     */
    ceasedOn: date('ceased_on', { mode: 'string' }),
    cessationReason: text('cessation_reason'),
    ceasedAt: timestamp('ceased_at', { withTimezone: true }),
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
    // The admins' list of establishments whose nature is to confirm.
    index('establishments_nature_to_confirm_idx')
      .on(table.id)
      .where(sql`${table.nature} is null and ${table.type} is not null`),
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
 * Nights an establishment does not let (a season off, works), `start_date` to `end_date` both included, entered
 * in advance by its host or an admin. Never overlapping one another: checked with the establishment's row
 * locked.
 */
export const establishmentClosures = pgTable(
  'establishment_closures',
  {
    id: serial('id').primaryKey(),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('establishment_closures_establishment_idx').on(table.establishmentId, table.startDate),
    check('establishment_closures_dates_check', sql`${table.endDate} >= ${table.startDate}`),
  ],
);

export type EstablishmentRow = typeof establishments.$inferSelect;

/**
 * The establishment's classifications over time (decision 0149): one row per change of its nature, stars or
 * decision date, with the day from which it applies. A month is taxed with the row in force on its first day
 * (`classificationOfMonth`); the row recorded last wins from its `effective_from` on.
 */
export const establishmentClassifications = pgTable(
  'establishment_classifications',
  {
    id: serial('id').primaryKey(),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    nature: text('nature', { enum: NATURES }),
    stars: smallint('stars'),
    classifiedOn: date('classified_on', { mode: 'string' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /** Who recorded it; null for the migration's rows, or once the account is deleted. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('establishment_classifications_establishment_idx').on(table.establishmentId, table.id)],
);

export type ClassificationRow = typeof establishmentClassifications.$inferSelect;

/**
 * One row per classification decision whose lapse was announced (host and admins mailed): the instance that
 * inserts it queues the mails in the same transaction, so each decision's notice goes out once.
 */
export const classificationNotices = pgTable(
  'classification_notices',
  {
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    classifiedOn: date('classified_on', { mode: 'string' }).notNull(),
    mails: integer('mails').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.establishmentId, table.classifiedOn] })],
);
