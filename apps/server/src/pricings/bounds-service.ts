import {
  flattenForAudit,
  isShippedYear,
  LEGAL_BOUNDS,
  type LegalBoundsEntry,
  type YearBounds,
} from '@sejour/domain';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/database';
import { AppError } from '../http/errors';
import { createLegalBoundsRepository } from './bounds-repository';

function subject(year: number) {
  return { entity: 'legal_bounds' as const, entityId: year, entityLabel: String(year) };
}

/**
 * The legal bounds of each year (decision 0107): the shipped years of the domain plus the years a superadmin
 * entered. Shipped years never change here; an entered year that a pricing already touches is frozen, since
 * changing it would change what that pricing was judged against.
 */
export function createLegalBoundsService(deps: { db: Database }) {
  const { db } = deps;
  const repository = createLegalBoundsRepository(db);

  function entry(bounds: YearBounds, shipped: boolean, pricings: number): LegalBoundsEntry {
    return { year: bounds.year, tariffs: bounds.tariffs, noneRate: bounds.noneRate, shipped, pricings };
  }

  async function assertChangeable(tx: Executor, year: number): Promise<void> {
    if (isShippedYear(year)) throw new AppError('legal_bounds_shipped');
    const scoped = createLegalBoundsRepository(tx);
    if (!(await scoped.findForUpdate(year))) throw new AppError('not_found');
    const used = await scoped.pricingsInYear(year);
    if (used > 0) {
      const which = used === 1 ? 'Une grille tarifaire porte' : `${used} grilles tarifaires portent`;
      throw new AppError('legal_bounds_in_use', {
        message: `${which} sur ${year} : ses limites légales ne peuvent plus changer.`,
      });
    }
  }

  return {
    /** The years entered in the database, for the pricing rules. */
    entered: (): Promise<YearBounds[]> => repository.list(),

    async list(): Promise<LegalBoundsEntry[]> {
      const [entered, counts] = await Promise.all([repository.list(), repository.pricingsPerYear()]);
      const all = [
        ...LEGAL_BOUNDS.map((bounds) => entry(bounds, true, counts.get(bounds.year) ?? 0)),
        ...entered.map((bounds) => entry(bounds, false, counts.get(bounds.year) ?? 0)),
      ];
      return all.sort((a, b) => b.year - a.year);
    },

    async create(bounds: YearBounds, actor: Actor): Promise<LegalBoundsEntry> {
      await db.transaction(async (tx) => {
        if (!(await createLegalBoundsRepository(tx).insert(bounds))) throw new AppError('legal_bounds_exist');
        await recordChange(tx, actor, {
          action: 'create',
          ...subject(bounds.year),
          after: flattenForAudit({ ...bounds }),
        });
      });
      return entry(bounds, false, 0);
    },

    async update(year: number, bounds: YearBounds, actor: Actor): Promise<LegalBoundsEntry> {
      if (bounds.year !== year) {
        throw new AppError('validation_error', {
          errors: {
            year: 'L’année ne peut pas changer : supprimez ces limites et saisissez la nouvelle année.',
          },
        });
      }
      await db.transaction(async (tx) => {
        await assertChangeable(tx, year);
        const scoped = createLegalBoundsRepository(tx);
        const before = (await scoped.findForUpdate(year)) ?? {};
        await scoped.update(bounds);
        const changes = { before: flattenForAudit({ ...before }), after: flattenForAudit({ ...bounds }) };
        if (JSON.stringify(changes.before) !== JSON.stringify(changes.after)) {
          await recordChange(tx, actor, { action: 'update', ...subject(year), ...changes });
        }
      });
      return entry(bounds, false, 0);
    },

    async remove(year: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        await assertChangeable(tx, year);
        const scoped = createLegalBoundsRepository(tx);
        const before = (await scoped.findForUpdate(year)) ?? {};
        await scoped.delete(year);
        await recordChange(tx, actor, {
          action: 'delete',
          ...subject(year),
          before: flattenForAudit({ ...before }),
        });
      });
    },
  };
}

export type LegalBoundsService = ReturnType<typeof createLegalBoundsService>;
