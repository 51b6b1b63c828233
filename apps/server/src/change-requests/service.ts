import {
  type ChangeRequest,
  type ChangeRequestKind,
  type ChangeRequestListQuery,
  type ChangeValues,
  changeRequestKindLabels,
  changeRequestMessages,
  changesAnything,
  changeValuesOf,
  type EstablishmentChangeRequestPayload,
  isAdminRole,
  isoDateIn,
  type ListMeta,
  type ProviderChangeRequestPayload,
} from '@sejour/domain';
import type { FastifyBaseLogger } from 'fastify';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import { accessibleWhere } from '../auth/ownership';
import type { Database, Executor } from '../db/database';
import { findPgError } from '../db/pg-errors';
import type { ChangeRequestRow } from '../db/schema';
import { createEstablishmentsRepository } from '../establishments';
import { AppError } from '../http/errors';
import type { AccountMail } from '../identity/account-mail';
import { createUsersRepository } from '../identity/repository';
import { addresseeName } from '../mail/addressee';
import type { Mailer } from '../mail/mailer';
import { applyChangeRequest } from './apply';
import { changeRequestDecisionMail } from './mails';
import { createChangeRequestsRepository } from './repository';

export interface ChangeRequestsDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  mail: AccountMail;
  log: FastifyBaseLogger;
  publicUrl: string;
  collectivityName: string;
}

/** Who applies a request whose deciding admin has since been deleted: the entry still says it was applied. */
const SCHEDULER: Actor = { id: 0, username: 'planificateur', role: 'superadmin' };

function subject(row: ChangeRequestRow, label: string) {
  return {
    entity: 'change_request' as const,
    entityId: row.id,
    entityLabel: label,
    establishmentId: row.establishmentId,
  };
}

function pendingTaken(): AppError {
  return new AppError('change_request_pending');
}

/**
 * Change requests (decision 0150). Who may touch which request is decided before this runs (`owns:
 * 'change_request'`): a host their own, an admin all; hosts ask and withdraw, admins decide.
 */
export function createChangeRequestsService(deps: ChangeRequestsDeps) {
  const { db, now, mailer, log } = deps;
  const requests = createChangeRequestsRepository(db);

  async function view(id: number, executor: Executor = db): Promise<ChangeRequest> {
    const found = await createChangeRequestsRepository(executor).find(id);
    if (!found) throw new AppError('not_found');
    return found;
  }

  function assertHost(actor: Actor) {
    if (isAdminRole(actor.role))
      throw new AppError('forbidden', { message: changeRequestMessages.hostsOnly() });
  }

  async function ask(
    actor: Actor,
    target: { userId: number; establishmentId: number | null; label: string },
    kind: ChangeRequestKind,
    values: ChangeValues,
    previous: ChangeValues,
    effectiveOn: string | null,
  ): Promise<ChangeRequest> {
    if (!changesAnything(values, previous)) throw new AppError('change_request_no_change');
    const id = await db
      .transaction(async (tx) => {
        const repository = createChangeRequestsRepository(tx);
        if (await repository.pendingOf(target.userId, target.establishmentId, kind)) throw pendingTaken();
        const row = await repository.insert({
          userId: target.userId,
          establishmentId: target.establishmentId,
          kind,
          values,
          previous,
          effectiveOn: effectiveOn ?? isoDateIn(now()),
          createdAt: now(),
        });
        await recordChange(tx, actor, {
          action: 'create',
          ...subject(row, `${changeRequestKindLabels[kind]} — ${target.label}`),
          before: previous,
          after: { ...values, effectiveOn: row.effectiveOn },
        });
        return row.id;
      })
      .catch((error: unknown) => {
        // Two requests at once: the second meets the unique index of pending requests.
        if (findPgError(error)?.code === '23505') throw pendingTaken();
        throw error;
      });
    return view(id);
  }

  /** Queues the decision's mail to the host, in the decision's transaction. */
  async function mailDecision(tx: Executor, request: ChangeRequest) {
    const user = await createUsersRepository(tx).findById(request.userId);
    if (!user) return;
    const link = request.establishmentId
      ? `${deps.publicUrl}/establishments/${request.establishmentId}`
      : `${deps.publicUrl}/account`;
    const content = changeRequestDecisionMail({
      collectivity: deps.collectivityName,
      name: addresseeName(user),
      username: user.username,
      link,
      request,
    });
    await mailer.send(
      { to: user.email, ...content, meta: { kind: 'change_request', userId: user.id }, link },
      tx,
    );
  }

  /** Locks a pending request for a decision; `change_request_decided` when it is not pending any more. */
  async function lockPending(tx: Executor, id: number): Promise<ChangeRequestRow> {
    const row = await createChangeRequestsRepository(tx).findForUpdate(id);
    if (!row) throw new AppError('not_found');
    if (row.status !== 'pending') throw new AppError('change_request_decided');
    return row;
  }

  const labelOf = (request: ChangeRequest) =>
    `${changeRequestKindLabels[request.kind]} — ${request.establishmentName ?? request.providerName}`;

  /** Applies one accepted request and marks it applied, in one transaction; false when it already was. */
  async function applyNow(row: ChangeRequestRow, actor: Actor, executor: Executor): Promise<boolean> {
    const repository = createChangeRequestsRepository(executor);
    if (!(await repository.markApplied(row.id, now()))) return false;
    await applyChangeRequest(executor, row, actor, { now, mail: deps.mail });
    return true;
  }

  return {
    async list(
      query: ChangeRequestListQuery,
      actor: Actor,
    ): Promise<{ data: ChangeRequest[]; meta: ListMeta }> {
      const page = await requests.list(query, accessibleWhere(actor, 'change_request'));
      return { data: page.rows, meta: { total: page.total, limit: query.limit, offset: query.offset } };
    },

    async askForEstablishment(
      establishmentId: number,
      body: EstablishmentChangeRequestPayload,
      actor: Actor,
    ): Promise<ChangeRequest> {
      assertHost(actor);
      const record = await createEstablishmentsRepository(db).find(establishmentId);
      if (!record) throw new AppError('not_found');
      const row = record.establishment;
      const values = changeValuesOf(body.kind, body);
      const previous = changeValuesOf(body.kind, row as unknown as Record<string, unknown>);
      return ask(
        actor,
        { userId: row.userId, establishmentId, label: row.name },
        body.kind,
        values,
        previous,
        body.effectiveOn,
      );
    },

    async askForAccount(body: ProviderChangeRequestPayload, actor: Actor): Promise<ChangeRequest> {
      assertHost(actor);
      const user = await createUsersRepository(db).findById(actor.id);
      if (!user) throw new AppError('not_found');
      const kind = 'provider_identity';
      return ask(
        actor,
        { userId: user.id, establishmentId: null, label: user.company || user.username },
        kind,
        changeValuesOf(kind, body),
        changeValuesOf(kind, user as unknown as Record<string, unknown>),
        body.effectiveOn,
      );
    },

    async withdraw(id: number, actor: Actor): Promise<ChangeRequest> {
      assertHost(actor);
      return db.transaction(async (tx) => {
        const row = await lockPending(tx, id);
        await createChangeRequestsRepository(tx).decide(id, { status: 'withdrawn', at: now() });
        const request = await view(id, tx);
        await recordChange(tx, actor, {
          action: 'cancel',
          ...subject(row, labelOf(request)),
          before: { status: 'pending' },
          after: { status: 'withdrawn' },
        });
        return request;
      });
    },

    /**
     * Accepts a pending request: applied at once when its effective date has come (in the same transaction:
     * a value the row's edit refuses leaves the request pending), else by the scheduler on that day.
     */
    async accept(id: number, actor: Actor): Promise<ChangeRequest> {
      const request = await db.transaction(async (tx) => {
        const row = await lockPending(tx, id);
        const repository = createChangeRequestsRepository(tx);
        await repository.decide(id, { status: 'accepted', decidedBy: actor.id, at: now() });
        if (row.effectiveOn <= isoDateIn(now())) await applyNow(row, actor, tx);
        const decided = await view(id, tx);
        await recordChange(tx, actor, {
          action: 'accept',
          ...subject(row, labelOf(decided)),
          before: { status: 'pending' },
          after: { status: 'accepted', effectiveOn: row.effectiveOn },
        });
        await mailDecision(tx, decided);
        return decided;
      });
      mailer.wake();
      return request;
    },

    async refuse(id: number, reason: string, actor: Actor): Promise<ChangeRequest> {
      const request = await db.transaction(async (tx) => {
        const row = await lockPending(tx, id);
        await createChangeRequestsRepository(tx).decide(id, {
          status: 'refused',
          reason,
          decidedBy: actor.id,
          at: now(),
        });
        const decided = await view(id, tx);
        await recordChange(tx, actor, {
          action: 'refuse',
          ...subject(row, labelOf(decided)),
          before: { status: 'pending' },
          after: { status: 'refused', reason },
        });
        await mailDecision(tx, decided);
        return decided;
      });
      mailer.wake();
      return request;
    },

    /**
     * The scheduler's task: applies the accepted requests whose day has come, each in its own transaction
     * and once (marking it applied is the claim: a second instance finds it done). A request the edit
     * refuses is logged and tried again at the next run.
     */
    async applyDue(): Promise<number> {
      let applied = 0;
      for (const row of await requests.due(isoDateIn(now()))) {
        try {
          const done = await db.transaction(async (tx) => {
            const admin = row.decidedBy ? await createUsersRepository(tx).findById(row.decidedBy) : undefined;
            const actor: Actor = admin
              ? { id: admin.id, username: admin.username, role: admin.role }
              : SCHEDULER;
            return applyNow(row, actor, tx);
          });
          if (done) applied += 1;
        } catch (err) {
          log.error({ err, changeRequestId: row.id }, 'change request not applied');
        }
      }
      if (applied > 0) log.info({ applied }, 'change requests applied');
      return applied;
    },
  };
}

export type ChangeRequestsService = ReturnType<typeof createChangeRequestsService>;
