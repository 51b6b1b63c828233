import type {
  ClassificationRecord,
  DeclarationAmountColumns,
  DeclarationTariffs,
  DeclarationUpdate,
  EstablishmentType,
  ExemptionsByReason,
  Nature,
  Stars,
} from '@sejour/domain';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { findPgError } from '../db/pg-errors';
import { preparedOn } from '../db/prepared';
import {
  declarationFiles,
  declarations,
  establishments,
  type PricingRow,
  platformAttestations,
  pricings,
  providerNameOf,
  users,
} from '../db/schema';
import { AppError } from '../http/errors';

export type DeclarationsRepository = ReturnType<typeof createDeclarationsRepository>;

/** What declaring needs to know of an establishment. */
export interface DeclaredEstablishmentRow {
  id: number;
  userId: number;
  name: string;
  type: EstablishmentType | null;
  capacityMaxPerson: number | null;
  openingDate: string | null;
  /** What decides its regime (au réel or au forfait) under a deliberation. */
  nature: Nature | null;
  stars: Stars | null;
  /** The classification decision's date: a month is taxed with the classification in force then. */
  classifiedOn: string | null;
}

/** What the amounts were computed with, and the amounts. */
export interface ComputedValues extends DeclarationAmountColumns {
  figures: DeclarationUpdate;
  /** Null: the declaration records its exempted total alone. */
  exemptionsByReason: ExemptionsByReason | null;
  pricingId: number;
  type: EstablishmentType;
  tariffs: DeclarationTariffs;
}

/** The provider's name as lists show it (the expression `users_provider_name_idx` indexes). */
export const providerNameSql = providerNameOf(users);

export const declarationViewColumns = {
  ...getTableColumns(declarations),
  establishmentName: establishments.name,
  establishmentType: establishments.type,
  establishmentNature: establishments.nature,
  establishmentStars: establishments.stars,
  establishmentClassifiedOn: establishments.classifiedOn,
  capacityMaxPerson: establishments.capacityMaxPerson,
  providerName: providerNameSql,
  filename: declarationFiles.filename,
  fileType: declarationFiles.mimeType,
  fileSize: declarationFiles.size,
};

/** Declarations with what every screen shows beside them (establishment, provider, register file). */
export function declarationView(db: Executor) {
  return db
    .select(declarationViewColumns)
    .from(declarations)
    .innerJoin(establishments, eq(establishments.id, declarations.establishmentId))
    .innerJoin(users, eq(users.id, declarations.userId))
    .leftJoin(declarationFiles, eq(declarationFiles.declarationId, declarations.id));
}

export type DeclarationViewRow = Awaited<ReturnType<typeof declarationView>>[number];

/** A declaration row alone, as a write returns it. */
export type DeclarationRow = typeof declarations.$inferSelect;

/** A declaration locked for a change, with the pricings its computation may use (null: none, or not asked). */
export type LockedDeclaration = DeclarationViewRow & {
  ownPricing: PricingRow | null;
  firstNightPricing: PricingRow | null;
  /** The establishment's classification history, in recording order (null: not asked). */
  classifications: ClassificationRecord[] | null;
};

/** The establishment's classification history as one JSON array, read with the locked row. */
const classificationsOfEstablishment = sql<
  ClassificationRecord[]
>`(select coalesce(json_agg(json_build_object(
    'nature', c.nature, 'stars', c.stars, 'classifiedOn', c.classified_on, 'effectiveFrom', c.effective_from)
    order by c.id), '[]'::json)
  from establishment_classifications c where c.establishment_id = ${establishments.id})`;

/** The pricing in force on the first night of the declaration's month (periods never overlap: one at most). */
function inForceOnFirstNight(): SQL {
  const first = sql`make_date(${declarations.year}, ${declarations.month}, 1)`;
  return sql`${pricings.beginDate} <= ${first} and ${pricings.endDate} >= ${first}`;
}

function rowValues(values: ComputedValues) {
  const { exemptionsByReason: _typed, ...figures } = values.figures;
  const byReason = values.exemptionsByReason;
  return {
    ...figures,
    taxableNights: values.taxableNights,
    ccAmount: values.ccAmount,
    moselleAmount: values.moselleAmount,
    ileDeFranceAmount: values.ileDeFranceAmount,
    idfMobilitesAmount: values.idfMobilitesAmount,
    railwayLineAmount: values.railwayLineAmount,
    totalAmount: values.totalAmount,
    exemptedMinor: byReason?.MINOR ?? null,
    exemptedSeasonalWorker: byReason?.SEASONAL_WORKER ?? null,
    exemptedEmergencyRehousing: byReason?.EMERGENCY_REHOUSING ?? null,
    exemptedLowRent: byReason?.LOW_RENT ?? null,
    pricingId: values.pricingId,
    tariffs: { pricingId: values.pricingId, type: values.type, tariffs: values.tariffs },
  };
}

export function createDeclarationsRepository(db: Executor) {
  const view = () => declarationView(db);

  return {
    async establishment(id: number): Promise<DeclaredEstablishmentRow | undefined> {
      const [row] = await db
        .select({
          id: establishments.id,
          userId: establishments.userId,
          name: establishments.name,
          type: establishments.type,
          capacityMaxPerson: establishments.capacityMaxPerson,
          openingDate: establishments.openingDate,
          nature: establishments.nature,
          stars: establishments.stars,
          classifiedOn: establishments.classifiedOn,
        })
        .from(establishments)
        .where(eq(establishments.id, id))
        .limit(1);
      return row && { ...row, stars: row.stars as Stars | null };
    },

    /** Prepared outside a transaction: reading one declaration is a hot path. */
    async findView(id: number): Promise<DeclarationViewRow | undefined> {
      const statement = preparedOn(db, 'declaration_view', (database, name) =>
        declarationView(database)
          .where(eq(declarations.id, sql.placeholder('id')))
          .limit(1)
          .prepare(name),
      );
      const [row] = statement
        ? await statement.execute({ id })
        : await view().where(eq(declarations.id, id)).limit(1);
      return row;
    },

    /**
     * The declaration as `findView` reads it, locked until the end of the transaction (a concurrent change
     * waits), in one statement. With `pricings`, also the pricings a computation may use — its own (what a
     * done one was computed with) and the one in force on its month's first night, the only one the domain's
     * `pricingOfMonth` can pick — each locked in share mode: a pricing edit (which locks it for update) cannot
     * slip between the computation and the write. Which one applies is the service's and the domain's decision.
     */
    async lockView(id: number, options: { pricings: boolean }): Promise<LockedDeclaration | undefined> {
      if (!options.pricings) {
        const [row] = await view()
          .where(eq(declarations.id, id))
          .limit(1)
          .for('update', { of: declarations });
        return row && { ...row, ownPricing: null, firstNightPricing: null, classifications: null };
      }
      const own = db
        .select()
        .from(pricings)
        .where(eq(pricings.id, declarations.pricingId))
        .limit(1)
        .for('share')
        .as('own_pricing');
      const firstNight = db
        .select()
        .from(pricings)
        .where(inForceOnFirstNight())
        .limit(1)
        .for('share')
        .as('first_night_pricing');
      const [row] = await db
        .select({
          ...declarationViewColumns,
          ownPricing: own._.selectedFields,
          firstNightPricing: firstNight._.selectedFields,
          classifications: classificationsOfEstablishment,
        })
        .from(declarations)
        .innerJoin(establishments, eq(establishments.id, declarations.establishmentId))
        .innerJoin(users, eq(users.id, declarations.userId))
        .leftJoin(declarationFiles, eq(declarationFiles.declarationId, declarations.id))
        .leftJoinLateral(own, sql`true`)
        .leftJoinLateral(firstNight, sql`true`)
        .where(eq(declarations.id, id))
        .limit(1)
        .for('update', { of: declarations });
      return row;
    },

    /** The pricings in force on some day of a year, unlocked: which of its months need a declaration. */
    async pricingsOfYear(year: number): Promise<PricingRow[]> {
      return db
        .select()
        .from(pricings)
        .where(
          and(
            sql`${pricings.beginDate} <= ${`${year}-12-31`}`,
            sql`${pricings.endDate} >= ${`${year}-01-01`}`,
          ),
        );
    },

    /**
     * The pricings in force on some day from `from` to `to` (a month), locked in share mode: a pricing edit
     * (which locks it for update) cannot slip between the computation and the write. The domain's
     * `pricingOfMonth` picks the one in force on every night of the month.
     */
    async pricingsOverlapping(from: string, to: string): Promise<PricingRow[]> {
      return db
        .select()
        .from(pricings)
        .where(and(sql`${pricings.beginDate} <= ${to}`, sql`${pricings.endDate} >= ${from}`))
        .for('share');
    },

    async insert(
      target: { establishmentId: number; userId: number; year: number; month: number },
      values: ComputedValues,
      done = false,
    ): Promise<number> {
      const [row] = await db
        .insert(declarations)
        .values({ ...target, ...rowValues(values), done, doneAt: done ? new Date() : null })
        .returning({ id: declarations.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** Answers the row as written: with the establishment and file it had, it is the new view. */
    async update(id: number, values: ComputedValues, done?: boolean): Promise<DeclarationRow> {
      const [row] = await db
        .update(declarations)
        .set({
          ...rowValues(values),
          ...(done === undefined ? {} : { done, doneAt: done ? new Date() : null }),
          updatedAt: new Date(),
        })
        .where(eq(declarations.id, id))
        .returning();
      if (!row) throw new Error('update found no row');
      return row;
    },

    async fileOf(id: number) {
      const [row] = await db
        .select()
        .from(declarationFiles)
        .where(eq(declarationFiles.declarationId, id))
        .limit(1);
      return row;
    },

    /** The register replaces the one attached before. */
    async attachFile(id: number, file: { filename: string; mimeType: string; bytes: Buffer }): Promise<void> {
      const values = {
        filename: file.filename,
        mimeType: file.mimeType,
        size: file.bytes.length,
        data: file.bytes,
      };
      await db
        .insert(declarationFiles)
        .values({ declarationId: id, ...values })
        .onConflictDoUpdate({
          target: declarationFiles.declarationId,
          set: { ...values, createdAt: new Date() },
        });
    },

    async removeFile(id: number): Promise<void> {
      await db.delete(declarationFiles).where(eq(declarationFiles.declarationId, id));
    },

    async reopen(id: number): Promise<DeclarationRow> {
      const [row] = await db
        .update(declarations)
        .set({ done: false, doneAt: null, updatedAt: new Date() })
        .where(eq(declarations.id, id))
        .returning();
      if (!row) throw new Error('reopen found no row');
      return row;
    },

    async delete(id: number): Promise<void> {
      await db.delete(declarations).where(eq(declarations.id, id));
    },

    async attestation(establishmentId: number, year: number) {
      const [row] = await db
        .select()
        .from(platformAttestations)
        .where(
          and(eq(platformAttestations.establishmentId, establishmentId), eq(platformAttestations.year, year)),
        )
        .limit(1);
      return row;
    },

    /** Records the attestation; an existing one is kept as it was (its date is the first statement's). */
    async attest(establishmentId: number, year: number) {
      await db.insert(platformAttestations).values({ establishmentId, year }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(platformAttestations)
        .where(
          and(eq(platformAttestations.establishmentId, establishmentId), eq(platformAttestations.year, year)),
        );
      if (!row) throw new Error('attestation not recorded');
      return row;
    },

    async withdraw(establishmentId: number, year: number): Promise<void> {
      await db
        .delete(platformAttestations)
        .where(
          and(eq(platformAttestations.establishmentId, establishmentId), eq(platformAttestations.year, year)),
        );
    },
  };
}

/** The (establishment, year, month) key: another request declared the month first. */
export function rethrowUniqueViolation(error: unknown): never {
  const pg = findPgError(error);
  if (pg?.code === '23505' && pg.constraint === 'declarations_establishment_month_key')
    throw new AppError('declaration_exists');
  throw error;
}
