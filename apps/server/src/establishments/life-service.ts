import {
  type CessationPayload,
  type ClosurePayload,
  type EstablishmentLifeView,
  frenchDate,
  isAdminRole,
  isoDateIn,
  lifeMessages,
  monthIndex,
  monthsCoveredBy,
  periodsOverlap,
} from '@sejour/domain';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/database';
import { AppError } from '../http/errors';
import { createLifecycleRepository, type LifeRow } from './life-repository';

const HOST_IN_ADVANCE =
  'Une fermeture ou une cessation se déclare à l’avance : pour une date passée, adressez-vous à un administrateur.';

function closureText(closure: { startDate: string; endDate: string; reason: string }): string {
  return `du ${frenchDate(closure.startDate)} au ${frenchDate(closure.endDate)} : ${closure.reason}`;
}

function subject(row: LifeRow) {
  return {
    entity: 'establishment' as const,
    entityId: row.id,
    entityLabel: row.name,
    establishmentId: row.id,
  };
}

/**
 * The life of an establishment (docs/decisions/0148-establishment-lifecycle.md): closures and the cessation,
 * written with the establishment's row locked so that two closures entered at once cannot overlap. Who may
 * touch the establishment was decided before (the route owns it); a host only enters dates to come.
 */
export function createLifecycleService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  const today = () => isoDateIn(now());

  async function view(executor: Executor, id: number): Promise<EstablishmentLifeView> {
    const repository = createLifecycleRepository(executor);
    const [row, closures] = await Promise.all([repository.find(id), repository.closures(id)]);
    if (!row) throw new AppError('not_found');
    return {
      establishmentId: row.id,
      openingDate: row.openingDate,
      closures: closures.map((closure) => ({
        id: closure.id,
        startDate: closure.startDate,
        endDate: closure.endDate,
        reason: closure.reason,
        createdBy: closure.createdBy,
        createDate: closure.createdAt.toISOString(),
      })),
      cessation:
        row.ceasedOn && row.cessationReason !== null
          ? {
              ceasedOn: row.ceasedOn,
              reason: row.cessationReason,
              createDate: (row.ceasedAt ?? new Date(0)).toISOString(),
            }
          : null,
    };
  }

  /** A host dates a closure or a cessation from today on; the past is an admin's to correct. */
  function assertInAdvance(actor: Actor, date: string, field: string): void {
    if (!isAdminRole(actor.role) && date < today())
      throw new AppError('validation_error', {
        message: HOST_IN_ADVANCE,
        errors: { [field]: HOST_IN_ADVANCE },
      });
  }

  async function locked(executor: Executor, id: number): Promise<LifeRow> {
    const row = await createLifecycleRepository(executor).lock(id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  return {
    get: (id: number) => view(db, id),

    /**
     * Refused when it overlaps another closure, starts after the cessation, covers a whole month (or forfait
     * period) already declared with nights, or a night a stay of the register counts.
     */
    addClosure(id: number, payload: ClosurePayload, actor: Actor): Promise<EstablishmentLifeView> {
      assertInAdvance(actor, payload.startDate, 'startDate');
      return db.transaction(async (tx) => {
        const repository = createLifecycleRepository(tx);
        const row = await locked(tx, id);
        if (row.ceasedOn && payload.startDate >= row.ceasedOn) throw new AppError('establishment_ceased');
        const span = { beginDate: payload.startDate, endDate: payload.endDate };
        const other = (await repository.closures(id)).find((closure) =>
          periodsOverlap(span, { beginDate: closure.startDate, endDate: closure.endDate }),
        );
        if (other)
          throw new AppError('closure_overlap', {
            message: lifeMessages.overlap(other.startDate, other.endDate),
            errors: { startDate: lifeMessages.overlap(other.startDate, other.endDate) },
          });
        const covered = new Set(monthsCoveredBy(payload).map(monthIndex));
        const declared = (await repository.declaredWithNights(id)).find((declaration) =>
          declaration.periodStart && declaration.periodEnd
            ? payload.startDate <= declaration.periodStart && declaration.periodEnd <= payload.endDate
            : covered.has(monthIndex(declaration)),
        );
        if (declared)
          throw new AppError('closure_declared', { message: lifeMessages.closureDeclared(declared) });
        const stay = await repository.firstStayWithNight(id, payload.startDate, payload.endDate);
        if (stay)
          throw new AppError('stays_on_nights', {
            message: lifeMessages.closureHasStays(stay.arrival, stay.departure),
          });
        await repository.insertClosure(id, payload, actor.id);
        await recordChange(tx, actor, {
          action: 'update',
          ...subject(row),
          changes: { closure: { from: null, to: closureText(payload) } },
        });
        return view(tx, id);
      });
    },

    /** A host removes only a closure still to come; an admin any. */
    removeClosure(id: number, closureId: number, actor: Actor): Promise<EstablishmentLifeView> {
      return db.transaction(async (tx) => {
        const repository = createLifecycleRepository(tx);
        const row = await locked(tx, id);
        const closure = (await repository.closures(id)).find((c) => c.id === closureId);
        if (!closure) throw new AppError('not_found');
        assertInAdvance(actor, closure.startDate, 'startDate');
        await repository.deleteClosure(id, closureId);
        await recordChange(tx, actor, {
          action: 'update',
          ...subject(row),
          changes: { closure: { from: closureText(closure), to: null } },
        });
        return view(tx, id);
      });
    },

    /**
     * The cessation may not precede the opening, a month (or forfait period) declared with nights, nor a night
     * a stay of the register counts. Entered again, it replaces the date and reason.
     */
    cease(id: number, payload: CessationPayload, actor: Actor): Promise<EstablishmentLifeView> {
      assertInAdvance(actor, payload.ceasedOn, 'ceasedOn');
      return db.transaction(async (tx) => {
        const repository = createLifecycleRepository(tx);
        const row = await locked(tx, id);
        if (row.openingDate && payload.ceasedOn < row.openingDate) {
          const message = lifeMessages.cessationBeforeOpening();
          throw new AppError('validation_error', { message, errors: { ceasedOn: message } });
        }
        const firstNight = (declaration: { year: number; month: number; periodStart: string | null }) =>
          declaration.periodStart ?? `${declaration.year}-${String(declaration.month).padStart(2, '0')}-01`;
        const declared = (await repository.declaredWithNights(id)).find(
          (declaration) => firstNight(declaration) >= payload.ceasedOn,
        );
        if (declared)
          throw new AppError('cessation_declared', { message: lifeMessages.cessationDeclared(declared) });
        const stay = await repository.firstStayWithNight(id, payload.ceasedOn);
        if (stay)
          throw new AppError('stays_on_nights', {
            message: lifeMessages.cessationHasStays(stay.arrival, stay.departure),
          });
        await repository.setCessation(id, { ...payload, at: now() });
        await recordChange(tx, actor, {
          action: 'update',
          ...subject(row),
          before: { ceasedOn: row.ceasedOn, cessationReason: row.cessationReason },
          after: { ceasedOn: payload.ceasedOn, cessationReason: payload.reason },
        });
        return view(tx, id);
      });
    },

    reopen(id: number, actor: Actor): Promise<EstablishmentLifeView> {
      return db.transaction(async (tx) => {
        const repository = createLifecycleRepository(tx);
        const row = await locked(tx, id);
        if (row.ceasedOn) {
          await repository.setCessation(id, null);
          await recordChange(tx, actor, {
            action: 'update',
            ...subject(row),
            before: { ceasedOn: row.ceasedOn, cessationReason: row.cessationReason },
            after: { ceasedOn: null, cessationReason: null },
          });
        }
        return view(tx, id);
      });
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
