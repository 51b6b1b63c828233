import {
  CAPACITY_UNITS,
  type DeclarationTariffs,
  ESTABLISHMENT_TYPES,
  type OpeningPeriod,
  REGIMES,
} from '@sejour/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { users } from './accounts';
import { bytea } from './columns';
import { establishments } from './establishments';
import { pricings } from './pricings';

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
    /**
     * The other additional components, in cents (`moselleAmount` is the departmental one): each computed from
     * the base tariff charged, rounded per person-night (decision 0137). Zero where the deliberation has none.
     */
    ileDeFranceAmount: integer('ile_de_france_amount').notNull().default(0),
    idfMobilitesAmount: integer('idf_mobilites_amount').notNull().default(0),
    railwayLineAmount: integer('railway_line_amount').notNull().default(0),
    totalAmount: integer('total_amount').notNull().default(0),
    /**
     * Exempted person-nights by legal reason; they add up to `exemptedCount`. Null on a declaration made
     * before reasons were recorded: its exempted total stands alone.
     */
    exemptedMinor: integer('exempted_minor'),
    exemptedSeasonalWorker: integer('exempted_seasonal_worker'),
    exemptedEmergencyRehousing: integer('exempted_emergency_rehousing'),
    exemptedLowRent: integer('exempted_low_rent'),
    tariffs: jsonb('tariffs').$type<DeclarationTariffsCopy>(),
    /**
     * Au réel (the nights of the month) or au forfait (capacity × nights open in a collection period; decision
     * 0146). A forfait declaration is the declaration of the month its collection period starts: the
     * person-night columns stay at zero and the amount columns hold the forfait, so every sum by semester and
     * beneficiary counts it. Its own figures below are null au réel.
     */
    regime: text('regime', { enum: REGIMES }).notNull().default('REEL'),
    /** The collection period declared, both days included. */
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    openingPeriods: jsonb('opening_periods').$type<OpeningPeriod[]>(),
    /** Pitches, beds, moorings or persons as counted, and the code's rule used (persons per counted unit). */
    capacity: integer('capacity'),
    capacityUnit: text('capacity_unit', { enum: CAPACITY_UNITS }),
    personsPerUnit: smallint('persons_per_unit'),
    /** Nights open inside the collection period. */
    openNights: smallint('open_nights'),
    /** Basis points of the capacity the council's abatement takes off. */
    abatementRate: integer('abatement_rate'),
    /**
     * Copies for the lists, so that filters and sorts walk this table's own indexes: the type the declaration
     * was computed with (its tariffs copy), else its establishment's current one; and the provider's name as
     * lists show it (`providerNameOf`). Database triggers (migration 0013) keep them in step, in the very
     * transaction of the write: a declaration written or moved to another host, an establishment's type
     * changed, a provider renamed. Never written by the application.
     */
    declaredType: text('declared_type', { enum: ESTABLISHMENT_TYPES }),
    providerName: text('provider_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('declarations_establishment_month_key').on(table.establishmentId, table.year, table.month),
    // With the id, the tie-breaker of every list: the export's keyset and a period sort read only their rows.
    index('declarations_period_idx').on(table.year, table.month, table.id),
    // One per sortable column of the list, so that a sorted page walks an index instead of sorting the set.
    index('declarations_nights_idx').on(table.nightsCount, table.id),
    // An amount sort is broken by the provider's name (the admin's usual "amount then provider").
    index('declarations_total_provider_idx').on(table.totalAmount, table.providerName, table.id),
    index('declarations_type_idx').on(table.declaredType, table.id),
    index('declarations_provider_name_idx').on(table.providerName, table.id),
    // A year's declarations of one type (the admin's usual filter): counted from the index alone, paged by
    // amount then provider in its order, and, for any other sort, the page's ids found from it alone (an
    // index-only scan, then a sort of narrow entries). The columns after the id are there to be read, not
    // searched: the id is unique, so they never change the order (drizzle has no INCLUDE).
    index('declarations_year_type_idx').on(
      table.year,
      table.declaredType,
      table.totalAmount,
      table.providerName,
      table.id,
      table.month,
      table.nightsCount,
      table.updatedAt,
      table.done,
      table.establishmentId,
    ),
    index('declarations_updated_idx').on(table.updatedAt, table.id),
    index('declarations_done_idx').on(table.done, table.id),
    // The usual admin filter: a year's done (or pending) declarations.
    index('declarations_year_done_idx').on(table.year, table.done, table.month),
    index('declarations_user_idx').on(table.userId, table.year, table.month),
    index('declarations_pricing_idx').on(table.pricingId),
    // The components few territories collect, each the declarations that have it: an export's head finds at once
    // whether any declaration it writes has one, instead of reading them all to learn that none does.
    index('declarations_ile_de_france_idx').on(table.id).where(sql`${table.ileDeFranceAmount} <> 0`),
    index('declarations_idf_mobilites_idx').on(table.id).where(sql`${table.idfMobilitesAmount} <> 0`),
    index('declarations_railway_line_idx').on(table.id).where(sql`${table.railwayLineAmount} <> 0`),
    // A semester's establishments au forfait, found without reading the declarations au réel.
    index('declarations_forfait_idx')
      .on(table.year, table.month, table.establishmentId)
      .where(sql`${table.regime} = 'FORFAIT'`),
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

export type DeclarationRow = typeof declarations.$inferSelect;
