import {
  attestationFutureYearMessage,
  type CollectionPeriod,
  computeDeliberationTable,
  type Declaration,
  type DeclarationCreate,
  type DeclarationUpdate,
  type DeliberationTable,
  deliberationOfStoredPricing,
  type FileUpload,
  firstDayOfMonth,
  isAdminRole,
  isDeclarable,
  isoDateIn,
  lastDayOfMonth,
  type Month,
  monthNeedsDeclaration,
  monthOf,
  monthOutsideMessage,
  NOTHING_DECLARED,
  type NothingToDeclare,
  noPricingForMonthMessage,
  type PlatformAttestation,
  pricingOfMonth,
  WHOLE_YEAR,
  type YearMonth,
} from '@sejour/domain';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/database';
import type { PricingRow } from '../db/schema';
import { assertMonthLet, typeOfTaxedMonth } from '../establishments';
import { checkUpload } from '../files/uploads';
import { AppError } from '../http/errors';
import { typeOfLockedMonth } from './classification';
import { compute, type Frozen } from './compute';
import { acknowledgeDone, type DoneAcknowledgement } from './done-acknowledgement';
import { assertMonthlyRegime, markForfaitDone } from './forfait';
import {
  type ComputedValues,
  createDeclarationsRepository,
  type DeclarationRow,
  type DeclarationsRepository,
  type DeclarationViewRow,
  type LockedDeclaration,
  rethrowUniqueViolation,
} from './repository';
import { auditedFields, declarationSubject, exemptionsOfRow, toDeclaration } from './view';
import { createYearView } from './year';

type DeclarationAction = 'update' | 'delete' | 'done' | 'reopen' | 'file_attach' | 'file_remove';

/**
 * Monthly declarations: one per establishment and month, computed by the domain's engine with the pricing
 * in force on every night of the month (docs/features/declarations.md). The server recomputes every amount; what the
 * browser showed is never trusted. Marking done freezes the tariffs: a host can no longer change it, an admin
 * may correct it (with the same tariffs) or reopen it.
 */
function collectionPeriodsOf(pricing: PricingRow | undefined): readonly CollectionPeriod[] {
  return pricing ? deliberationOfStoredPricing(pricing.payload).collectionPeriods : WHOLE_YEAR;
}

export function createDeclarationsService(deps: {
  db: Database;
  now: () => Date;
  /** Acknowledges a declaration marked done to its host; absent, no mail. */
  acknowledge?: DoneAcknowledgement;
}) {
  const { db, now } = deps;
  const today = (): YearMonth => monthOf(now());
  const view = (row: DeclarationViewRow): Declaration => toDeclaration(row, isoDateIn(now()));

  /**
   * A month entirely outside the collection periods of its deliberation has nothing to declare: refused, as
   * the year view shows it needs no declaration. A declaration made before the periods were set stays editable.
   */
  function assertCollected(target: YearMonth, pricing: PricingRow | undefined): void {
    if (!pricing) return;
    if (!monthNeedsDeclaration(collectionPeriodsOf(pricing), target.year, target.month)) {
      throw new AppError('month_not_declarable', { message: monthOutsideMessage(target.year, target.month) });
    }
  }

  function assertDeclarable(target: YearMonth): void {
    if (!isDeclarable(target, today())) throw new AppError('month_not_declarable');
  }

  async function load(repository: DeclarationsRepository, id: number): Promise<Declaration> {
    const row = await repository.findView(id);
    if (!row) throw new AppError('not_found');
    return view(row);
  }

  /** Creates a month's declaration; the unique index lets one of concurrent creations win. */
  async function createMonth(
    actor: Actor,
    target: { establishmentId: number; year: number; month: Month },
    typed: DeclarationUpdate,
    done: boolean,
  ): Promise<Declaration> {
    assertDeclarable(target);
    return db
      .transaction(async (tx) => {
        const repository = createDeclarationsRepository(tx);
        const establishment = await repository.establishment(target.establishmentId);
        if (!establishment) throw new AppError('not_found');
        const pricings = await repository.pricingsOverlapping(
          firstDayOfMonth(target.year, target.month),
          lastDayOfMonth(target.year, target.month),
        );
        assertMonthlyRegime(establishment, target, pricings);
        const pricing = pricingOfMonth(pricings, target.year, target.month);
        assertCollected(target, pricing);
        await assertMonthLet(tx, target.establishmentId, target, collectionPeriodsOf(pricing));
        const type = await typeOfTaxedMonth(tx, establishment, target);
        const values = compute({ ...establishment, type }, target, typed, pricing);
        const id = await repository.insert({ ...target, userId: establishment.userId }, values, done);
        const created = await repository.findView(id);
        if (!created) throw new AppError('not_found');
        await recordChange(tx, actor, {
          action: 'create',
          ...declarationSubject(created),
          after: auditedFields(created),
        });
        if (done) await acknowledgeDone(deps.acknowledge, tx, created);
        return view(created);
      })
      .catch(rethrowUniqueViolation);
  }

  /**
   * Runs a change of one declaration in a transaction, the row locked; refuses a host a done one. The audit
   * entry is written in the same transaction, from the row before and after; nothing changed, no entry. `work`
   * answers the row it wrote when it has one: with the establishment and file unchanged, that is the new view,
   * which is then not read again. Ownership was decided by the access hook (the route owns a declaration).
   */
  async function change(
    actor: Actor,
    id: number,
    action: DeclarationAction,
    work: (
      repository: DeclarationsRepository,
      current: LockedDeclaration,
      tx: Executor,
    ) => Promise<DeclarationRow | undefined>,
    afterwards?: (tx: Executor, before: DeclarationViewRow, after: DeclarationViewRow) => Promise<void>,
  ): Promise<Declaration | null> {
    return db.transaction(async (tx) => {
      const repository = createDeclarationsRepository(tx);
      const current = await repository.lockView(id, { pricings: action === 'update' || action === 'done' });
      if (!current) throw new AppError('not_found');
      if (current.done && !isAdminRole(actor.role)) throw new AppError('declaration_locked');
      const written = await work(repository, current, tx);
      const updated =
        action === 'delete'
          ? undefined
          : written
            ? { ...current, ...written }
            : await repository.findView(id);
      const before = auditedFields(current);
      const after = updated ? auditedFields(updated) : {};
      if (action === 'delete' || JSON.stringify(before) !== JSON.stringify(after)) {
        await recordChange(tx, actor, { action, ...declarationSubject(current), before, after });
      }
      if (updated && afterwards) await afterwards(tx, current, updated);
      return updated ? view(updated) : null;
    });
  }

  async function changed(
    actor: Actor,
    id: number,
    action: DeclarationAction,
    work: (
      repository: DeclarationsRepository,
      current: LockedDeclaration,
      tx: Executor,
    ) => Promise<DeclarationRow | undefined>,
    afterwards?: (tx: Executor, before: DeclarationViewRow, after: DeclarationViewRow) => Promise<void>,
  ): Promise<Declaration> {
    const declaration = await change(actor, id, action, work, afterwards);
    if (!declaration) throw new AppError('not_found');
    return declaration;
  }

  function frozenOf(row: DeclarationViewRow): Frozen | undefined {
    if (!row.done || !row.tariffs || row.pricingId === null) return undefined;
    return { pricingId: row.pricingId, type: row.tariffs.type };
  }

  /**
   * The amounts again from what was typed, with the capacity the locked row carries and the type of the month's
   * classification or, for a done one, the pricing and type it was computed with.
   */
  async function recompute(
    tx: Executor,
    row: LockedDeclaration,
    typed: DeclarationUpdate,
  ): Promise<ComputedValues> {
    if (row.regime === 'FORFAIT') throw new AppError('regime_forfait');
    const frozen = frozenOf(row);
    const target = { year: row.year, month: row.month as Month };
    const inForce = row.firstNightPricing ? [row.firstNightPricing] : [];
    if (!frozen) {
      assertMonthlyRegime(
        { nature: row.establishmentNature, stars: row.establishmentStars },
        target,
        inForce,
      );
    }
    const type = frozen ? frozen.type : await typeOfLockedMonth(tx, row, target);
    return compute(
      { type, capacityMaxPerson: row.capacityMaxPerson },
      target,
      typed,
      frozen ? row.ownPricing : pricingOfMonth(inForce, target.year, target.month),
      frozen,
    );
  }

  return {
    get(id: number): Promise<Declaration> {
      return load(createDeclarationsRepository(db), id);
    },

    /** The deliberation a month's declarations are computed with, for the screen's live computation. */
    async deliberationOfMonth(year: number, month: Month): Promise<DeliberationTable> {
      const pricing = pricingOfMonth(
        await createDeclarationsRepository(db).pricingsOfYear(year),
        year,
        month,
      );
      if (!pricing) {
        throw new AppError('no_pricing_for_period', { message: noPricingForMonthMessage(year, month) });
      }
      return computeDeliberationTable(deliberationOfStoredPricing(pricing.payload));
    },

    create(actor: Actor, payload: DeclarationCreate): Promise<Declaration> {
      const { establishmentId, year, month, ...typed } = payload;
      return createMonth(actor, { establishmentId, year, month }, typed, false);
    },

    /** A month closed or without guests: declared at zero and marked done at once. */
    async nothingToDeclare(actor: Actor, payload: NothingToDeclare): Promise<Declaration> {
      const declaration = await createMonth(actor, payload, NOTHING_DECLARED, true);
      deps.acknowledge?.mailer.wake();
      return declaration;
    },

    update(actor: Actor, id: number, typed: DeclarationUpdate): Promise<Declaration> {
      return changed(actor, id, 'update', async (repository, current, tx) =>
        repository.update(id, await recompute(tx, current, typed)),
      );
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await change(actor, id, 'delete', async (repository) => {
        await repository.delete(id);
        return undefined;
      });
    },

    /**
     * Computed one last time with the pricing locked, then frozen; a forfait as a forfait. Marking a done one
     * again changes nothing.
     */
    async markDone(actor: Actor, id: number): Promise<Declaration> {
      const declaration = await changed(
        actor,
        id,
        'done',
        async (repository, current, tx) => {
          if (current.done) return undefined;
          if (current.regime === 'FORFAIT') return markForfaitDone(tx, id, current, now());
          const typed = { ...current, exemptionsByReason: exemptionsOfRow(current) ?? undefined };
          return repository.update(id, await recompute(tx, current, typed), true);
        },
        async (tx, before, after) => {
          if (!before.done && after.done) await acknowledgeDone(deps.acknowledge, tx, after);
        },
      );
      // Queued inside the transaction, delivered once it committed.
      deps.acknowledge?.mailer.wake();
      return declaration;
    },

    /** Admins only: the route's rule says so. */
    reopen(actor: Actor, id: number): Promise<Declaration> {
      return changed(actor, id, 'reopen', (repository) => repository.reopen(id));
    },

    /** Attaches the month's residence register, its real type read from the bytes; a done one is the host's no more. */
    async attachFile(actor: Actor, id: number, upload: FileUpload): Promise<Declaration> {
      const file = await checkUpload('register', upload);
      return changed(actor, id, 'file_attach', async (repository) => {
        await repository.attachFile(id, {
          filename: file.filename,
          mimeType: file.mimeType,
          bytes: file.bytes,
        });
        // The file changed, not the row: the view is read again.
        return undefined;
      });
    },

    removeFile(actor: Actor, id: number): Promise<Declaration> {
      return changed(actor, id, 'file_remove', async (repository) => {
        await repository.removeFile(id);
        return undefined;
      });
    },

    async file(id: number) {
      const file = await createDeclarationsRepository(db).fileOf(id);
      if (!file) throw new AppError('not_found');
      return file;
    },

    /** The year view: its own module (year.ts). */
    year: createYearView({ db, now }),

    async attestPlatformOnly(
      actor: Actor,
      establishmentId: number,
      year: number,
    ): Promise<PlatformAttestation> {
      const currentYear = today().year;
      if (year > currentYear) {
        const message = attestationFutureYearMessage(currentYear);
        throw new AppError('validation_error', { message, errors: { year: message } });
      }
      return db.transaction(async (tx) => {
        const repository = createDeclarationsRepository(tx);
        const existing = await repository.attestation(establishmentId, year);
        const row = await repository.attest(establishmentId, year);
        const establishment = await repository.establishment(establishmentId);
        if (!existing && establishment) {
          await recordChange(tx, actor, {
            action: 'attest',
            ...establishmentSubject(establishment),
            changes: { platformOnly: { from: null, to: year } },
          });
        }
        return toAttestation(row);
      });
    },

    async withdrawPlatformOnly(actor: Actor, establishmentId: number, year: number): Promise<void> {
      await db.transaction(async (tx) => {
        const repository = createDeclarationsRepository(tx);
        const existing = await repository.attestation(establishmentId, year);
        await repository.withdraw(establishmentId, year);
        const establishment = await repository.establishment(establishmentId);
        if (existing && establishment) {
          await recordChange(tx, actor, {
            action: 'withdraw',
            ...establishmentSubject(establishment),
            changes: { platformOnly: { from: year, to: null } },
          });
        }
      });
    },
  };
}

export type DeclarationsService = ReturnType<typeof createDeclarationsService>;

function establishmentSubject(row: { id: number; name: string }) {
  return {
    entity: 'establishment' as const,
    entityId: row.id,
    entityLabel: row.name,
    establishmentId: row.id,
  };
}

function toAttestation(row: { year: number; createdAt: Date }): PlatformAttestation {
  return { year: row.year, createdAt: row.createdAt.toISOString() };
}
