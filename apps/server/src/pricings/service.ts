import {
  computePricingTable,
  type FieldErrors,
  firstDayOfMonth,
  flattenForAudit,
  formatLongDate,
  isAdminRole,
  isoDateIn,
  lastDayOfMonth,
  noPricingForMonthMessage,
  type PricingBody,
  type PricingDetail,
  type PricingInForceQuery,
  type PricingPayload,
  type PricingTable,
  pricingBodyRuleErrors,
  pricingDeliberationOf,
  pricingOfMonth,
  pricingOfNight,
  pricingStateOn,
  storedPricingOfBody,
} from '@sejour/domain';
import { sql } from 'drizzle-orm';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/database';
import { findPgError } from '../db/pg-errors';
import type { PricingRow } from '../db/schema';
import { AppError } from '../http/errors';
import { createLegalBoundsRepository } from './bounds-repository';
import { alterationsOfDoneDeclarations } from './in-use';
import { deliberationAlterations } from './in-use-deliberation';
import { createPricingsRepository } from './repository';

function subject(row: PricingRow) {
  return {
    entity: 'pricing' as const,
    entityId: row.id,
    entityLabel: `${formatLongDate(row.beginDate)} – ${formatLongDate(row.endDate)}`,
  };
}

/** The table as the audit log compares it: every typed value, one field each. */
function auditedFields(row: PricingRow): Record<string, unknown> {
  return flattenForAudit({ ...row.payload, beginDate: row.beginDate, endDate: row.endDate });
}

/**
 * Pricing tables (docs/features/pricings.md). Rules come from `@sejour/domain`: the shape is checked by the
 * route's schema, the law by `pricingRuleErrors` (with the years entered in `legal_bounds`); the computed columns by `computePricingTable`. This service
 * adds what needs the database: periods never overlap, and a done declaration never sees its pricing move.
 */
export function createPricingsService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  const pricings = createPricingsRepository(db);

  function toDetail(row: PricingRow, today: string, doneDeclarations?: number): PricingDetail {
    const table = computePricingTable(row.payload);
    return {
      id: row.id,
      ...table,
      state: pricingStateOn(table, today),
      deliberation: pricingDeliberationOf(row.payload),
      ...(doneDeclarations === undefined ? {} : { doneDeclarations }),
    };
  }

  /** Admins see how many done declarations use a pricing, hosts do not. */
  async function detail(row: PricingRow, actor: Actor): Promise<PricingDetail> {
    const today = isoDateIn(now());
    if (!isAdminRole(actor.role)) return toDetail(row, today);
    const counts = await pricings.countDone([row.id]);
    return toDetail(row, today, counts.get(row.id) ?? 0);
  }

  /**
   * The law's rules: tariffs outside the law are `pricing_out_of_bounds`; a period problem or a component's rate
   * outside the law a `validation_error`.
   */
  async function assertLegal(body: PricingBody): Promise<void> {
    const errors = pricingBodyRuleErrors(body, await createLegalBoundsRepository(db).list());
    const fields = Object.keys(errors);
    if (fields.length === 0) return;
    const code = fields.every((field) => field.startsWith('rows.'))
      ? 'pricing_out_of_bounds'
      : 'validation_error';
    throw new AppError(code, { errors });
  }

  async function assertNoOverlap(
    repository: ReturnType<typeof createPricingsRepository>,
    payload: PricingPayload,
    exceptId?: number,
  ): Promise<void> {
    const [other] = await repository.findOverlapping(payload.beginDate, payload.endDate, exceptId);
    if (!other) return;
    const message = `La période chevauche celle de la grille du ${formatLongDate(other.beginDate)} au ${formatLongDate(other.endDate)}.`;
    // On the date that falls inside the other period; on the beginning when the new period encloses it.
    const field =
      payload.endDate >= other.beginDate &&
      payload.endDate <= other.endDate &&
      payload.beginDate < other.beginDate
        ? 'endDate'
        : 'beginDate';
    throw overlapError({ [field]: message });
  }

  return {
    async list(): Promise<PricingDetail[]> {
      const rows = await pricings.list();
      const counts = await pricings.countDone(rows.map((row) => row.id));
      const today = isoDateIn(now());
      return rows.map((row) => toDetail(row, today, counts.get(row.id) ?? 0));
    },

    async get(id: number, actor: Actor): Promise<PricingDetail> {
      const row = await pricings.findById(id);
      if (!row) throw new AppError('not_found');
      return detail(row, actor);
    },

    /**
     * The public simulator's table: the one in force today, with nothing but what the engine reads (no id,
     * no state, no count of declarations).
     */
    async publicInForce(): Promise<PricingTable> {
      const today = isoDateIn(now());
      const row = pricingOfNight(await pricings.findOverlapping(today, today), today);
      if (!row)
        throw new AppError('no_pricing_for_period', {
          message: 'Aucune grille tarifaire n’est en vigueur aujourd’hui : le simulateur est indisponible.',
        });
      const { beginDate, endDate, threshold, departmentalRate, rows } = computePricingTable(row.payload);
      return { beginDate, endDate, threshold, departmentalRate, rows };
    },

    /** The pricing in force on every night of a month (a declaration is computed with one table). */
    async inForce(query: PricingInForceQuery, actor: Actor): Promise<PricingDetail> {
      const month = query.month;
      const row = pricingOfMonth(
        await pricings.findOverlapping(firstDayOfMonth(query.year, month), lastDayOfMonth(query.year, month)),
        query.year,
        month,
      );
      if (!row)
        throw new AppError('no_pricing_for_period', { message: noPricingForMonthMessage(query.year, month) });
      return detail(row, actor);
    },

    async create(body: PricingBody, actor: Actor): Promise<PricingDetail> {
      await assertLegal(body);
      const payload = storedPricingOfBody(body);
      await assertNoOverlap(pricings, payload);
      const row = await db
        .transaction(async (tx) => {
          await lockPricingPeriods(tx);
          const repository = createPricingsRepository(tx);
          // Checked again under the lock: a concurrent creation may have committed since the check above.
          await assertNoOverlap(repository, payload);
          const created = await repository.insert(payload);
          await recordChange(tx, actor, {
            action: 'create',
            ...subject(created),
            after: auditedFields(created),
          });
          return created;
        })
        .catch(rethrowConstraint);
      return toDetail(row, isoDateIn(now()), 0);
    },

    /** Replaces the table. Refused when it would alter a done declaration computed with it. */
    async update(id: number, body: PricingBody, actor: Actor): Promise<PricingDetail> {
      await assertLegal(body);
      const payload = storedPricingOfBody(body);
      const row = await db
        .transaction(async (tx) => {
          await lockPricingPeriods(tx);
          const repository = createPricingsRepository(tx);
          const current = await repository.findByIdForUpdate(id);
          if (!current) throw new AppError('not_found');
          await assertNoOverlap(repository, payload, id);
          const uses = await repository.doneDeclarationsOf(id);
          const errors = {
            ...deliberationAlterations(current.payload, payload, uses.length),
            ...alterationsOfDoneDeclarations(
              computePricingTable(current.payload),
              computePricingTable(payload),
              uses,
            ),
          };
          if (Object.keys(errors).length > 0) {
            throw new AppError('pricing_in_use', {
              message:
                'Cette grille tarifaire a servi au calcul de déclarations terminées : ce changement les modifierait.',
              errors,
            });
          }
          const updated = await repository.update(id, payload);
          if (!updated) throw new AppError('not_found');
          const before = auditedFields(current);
          const after = auditedFields(updated);
          if (JSON.stringify(before) !== JSON.stringify(after)) {
            await recordChange(tx, actor, { action: 'update', ...subject(updated), before, after });
          }
          return { updated, done: uses.length };
        })
        .catch(rethrowConstraint);
      return toDetail(row.updated, isoDateIn(now()), row.done);
    },

    /** Deletes a pricing no done declaration uses; open declarations that pointed to it are detached. */
    async remove(id: number, actor: Actor): Promise<void> {
      await db
        .transaction(async (tx) => {
          const repository = createPricingsRepository(tx);
          const current = await repository.findByIdForUpdate(id);
          if (!current) throw new AppError('not_found');
          const done = (await repository.countDone([id])).get(id) ?? 0;
          if (done > 0) {
            const used = done === 1 ? 'd’une déclaration terminée' : `de ${done} déclarations terminées`;
            throw new AppError('pricing_in_use', {
              message: `Cette grille tarifaire a servi au calcul ${used} : elle ne peut pas être supprimée.`,
            });
          }
          await repository.detachOpenDeclarations(id);
          await repository.delete(id);
          await recordChange(tx, actor, {
            action: 'delete',
            ...subject(current),
            before: auditedFields(current),
          });
        })
        .catch(rethrowConstraint);
    },
  };
}

export type PricingsService = ReturnType<typeof createPricingsService>;

/** Key of the transaction lock taken by every write of a pricing's period (724201: migrations; 724202: identities). */
const PRICING_PERIODS_LOCK = 724203;

/**
 * Serialises the writes of pricing periods: the overlap check then sees every committed period, and two
 * overlapping inserts never meet in the exclusion constraint, where PostgreSQL may end one of them with a
 * deadlock instead of a violation. Pricings are written rarely, by administrators; released at commit.
 */
async function lockPricingPeriods(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PRICING_PERIODS_LOCK})`);
}

function overlapError(errors: FieldErrors): AppError {
  return new AppError('pricing_overlap', { errors });
}

/**
 * The database's own guards, for what a check before the write cannot see (a concurrent request):
 * 23P01 = the exclusion constraint `pricings_no_overlap`; 23503 = a declaration still references the pricing.
 * Returns the error to throw: the mapped `AppError`, or the original one.
 */
export function pricingConstraintError(error: unknown): unknown {
  const pgError = findPgError(error);
  if (pgError?.code === '23P01') {
    return overlapError({ beginDate: 'La période chevauche celle d’une autre grille.' });
  }
  if (pgError?.code === '23503' && pgError.constraint?.includes('pricing')) {
    return new AppError('pricing_in_use');
  }
  return error;
}

function rethrowConstraint(error: unknown): never {
  throw pricingConstraintError(error);
}
