import {
  establishmentMessages,
  hasPostalAddress,
  isoDateIn,
  type ListMeta,
  type Report,
  type ReportAccept,
  type ReportContent,
  type ReportDetail,
  type ReportListQuery,
  type ReportPayload,
  reportContentOf,
  reportProviderAddress,
  type Stars,
  USERNAME_MAX,
} from '@sejour/domain';
import type { FastifyBaseLogger } from 'fastify';
import { personFields, personSubject } from '../audit/people';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/database';
import { findPgError } from '../db/pg-errors';
import type { ReportRow } from '../db/schema';
import { createEstablishmentsRepository, insertEstablishments, natureColumnsOf } from '../establishments';
import { AppError } from '../http/errors';
import type { AccountMail } from '../identity/account-mail';
import {
  emailTaken,
  lockIdentities,
  uniqueViolationToAppError,
  usernameTaken,
} from '../identity/availability';
import { findPerson } from '../identity/people';
import { toPublicUser } from '../identity/public-user';
import { createUsersRepository } from '../identity/repository';
import type { Mailer } from '../mail/mailer';
import type { MailContent } from '../mail/templates';
import type { RateLimiter, RateLimitRule } from '../security/rate-limiter';
import { acknowledgementMail, attachedMail, rejectionMail } from './mails';
import { createReportsRepository } from './repository';

const HOUR = 60 * 60_000;

/** Reports per client address and hour: a person registers a few accommodations, a robot many. */
export const REPORT_IP_LIMIT: RateLimitRule = { limit: 5, windowMs: HOUR };

/**
 * Acknowledgements of reports, which anyone can have sent to any address: per recipient (a person
 * registering their accommodations gets one for each of the first few, then the reports are still stored
 * but unacknowledged) and for the whole product (a collectivity receives a few reports a day; an hour of
 * fifty is a campaign, and the sending domain's reputation is everybody's mail).
 */
export const REPORT_MAIL_LIMITS = {
  recipient: { limit: 3, windowMs: HOUR },
  global: { limit: 50, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

const NUMERO_INDEX = 'establishments_numero_upper_key';

function numeroTaken(): AppError {
  return new AppError('numero_taken', {
    errors: { numero: 'Ce numéro d’enregistrement est déjà celui d’un autre établissement.' },
  });
}

function toReport(row: ReportRow): Report {
  return {
    ...row.content,
    id: row.id,
    status: row.status,
    createDate: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    rejectReason: row.rejectReason,
    providerId: row.providerId,
    establishmentId: row.establishmentId,
  };
}

const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u;

/**
 * The new provider's username: their e-mail (login accepts either, and it is free when the e-mail is),
 * or, when too long for a username, its local part with the report's number.
 */
export function usernameFor(email: string, reportId: number): string {
  const address = email.toLowerCase();
  if (address.length <= USERNAME_MAX && USERNAME_PATTERN.test(address)) return address;
  const local = (address.split('@')[0] ?? 'hebergeur').replace(/[^\p{L}\p{N}._-]/gu, '');
  const suffix = `-${reportId}`;
  return `${local.slice(0, USERNAME_MAX - suffix.length) || 'hebergeur'}${suffix}`;
}

/**
 * Reports of new accommodations (docs/features/reports.md). A report creates nothing by
 * itself: an admin's accept creates the provider (or takes an existing one) and the establishment in one
 * transaction.
 */
export function createReportsService(deps: {
  db: Database;
  limiter: RateLimiter;
  mailer: Mailer;
  account: AccountMail;
  now: () => Date;
  log: FastifyBaseLogger;
  publicUrl: string;
  collectivityName: string;
}) {
  const { db, limiter, mailer, now, log } = deps;
  const repository = createReportsRepository(db);

  /**
   * Queues a mail to the report's sender as deferred mail work: the answer does not wait for the queue's insert
   * (a report answers alike whether or not an acknowledgement goes out), `mailer.idle()` does, and a failed
   * insert is logged instead of rejecting with no one to catch it.
   */
  function mail(report: ReportContent, content: MailContent, kind: string, userId = 0): void {
    mailer.defer(() => mailer.send({ to: report.email, ...content, meta: { kind, userId } }));
  }
  const mailInput = (report: ReportContent) => ({
    collectivity: deps.collectivityName,
    publicUrl: deps.publicUrl,
    report,
  });

  async function detail(row: ReportRow, executor: Executor = db): Promise<ReportDetail> {
    const reports = createReportsRepository(executor);
    const matches = await reports.matchingProviders(row.content.email, row.content.company);
    const numero = row.content.numero;
    const taken =
      row.status === 'new' && numero !== null
        ? await createEstablishmentsRepository(executor).numeroTaken(numero)
        : false;
    return { ...toReport(row), matches: matches.map(toPublicUser), numeroTaken: taken };
  }

  /** The report, locked, if it is still waiting for a decision. */
  async function pending(tx: Executor, id: number): Promise<ReportRow> {
    const row = await createReportsRepository(tx).findForUpdate(id);
    if (!row) throw new AppError('not_found');
    if (row.status !== 'new') throw new AppError('report_decided');
    return row;
  }

  return {
    /**
     * `POST establishments/report`: the same empty answer whatever the e-mail (an account or not) and
     * whether the honeypot caught a robot; only the address's rate limit answers otherwise.
     */
    async submit(payload: ReportPayload, ip: string): Promise<void> {
      if (!(await limiter.reserve(`report:ip:${ip}`, REPORT_IP_LIMIT))) throw new AppError('rate_limited');
      if (payload.website.trim() !== '') {
        log.info({ report: 'honeypot' }, 'report dropped: the hidden field was filled');
        return;
      }
      const content = reportContentOf(payload);
      const id = await repository.insert(content);
      log.info({ reportId: id }, 'report received');
      // Over a limit the report stands and the answer is the same: only the acknowledgement is left out.
      const mailAllowed = await limiter.reserveAll([
        [`report:mail:to:${content.email.toLowerCase()}`, REPORT_MAIL_LIMITS.recipient],
        ['report:mail:all', REPORT_MAIL_LIMITS.global],
      ]);
      if (!mailAllowed) {
        log.warn({ reportId: id }, 'report acknowledgement not sent: mail limit reached');
        return;
      }
      mail(content, acknowledgementMail(mailInput(content)), 'report-acknowledgement');
    },

    async list(query: ReportListQuery): Promise<{ data: Report[]; meta: ListMeta }> {
      const page = await repository.list(query);
      return {
        data: page.rows.map(toReport),
        meta: { total: page.total, limit: query.limit, offset: query.offset },
      };
    },

    async countPending(): Promise<{ pending: number }> {
      return { pending: await repository.countPending() };
    },

    async get(id: number): Promise<ReportDetail> {
      const row = await repository.find(id);
      if (!row) throw new AppError('not_found');
      return detail(row);
    },

    /**
     * Creates the provider (not activated) — or takes the existing one the admin chose — and the
     * establishment, and marks the report accepted, in one transaction; the report's row lock makes a
     * second admin's accept wait, then answer `report_decided`. The activation mail leaves after commit.
     */
    async accept(id: number, body: ReportAccept, admin: Actor): Promise<ReportDetail> {
      const result = await db
        .transaction(async (tx) => {
          const row = await pending(tx, id);
          const report = row.content;
          const providerAddress = reportProviderAddress(report);
          let providerId: number;
          let created = false;
          if (body.providerId !== null) {
            const existing = await findPerson(tx, body.providerId, ['host']).catch(() => {
              throw new AppError('validation_error', {
                errors: { providerId: establishmentMessages.owner() },
              });
            });
            providerId = body.providerId;
            // The report's company address completes a provider who has none; it never replaces one.
            if (!hasPostalAddress(existing) && hasPostalAddress(providerAddress)) {
              const updated = await createUsersRepository(tx).update(providerId, providerAddress);
              if (updated)
                await recordChange(tx, admin, {
                  action: 'update',
                  ...personSubject(updated),
                  before: personFields(existing),
                  after: personFields(updated),
                });
            }
          } else {
            await lockIdentities(tx);
            const users = createUsersRepository(tx);
            const identity = { username: usernameFor(report.email, id), email: report.email };
            // The username comes from the e-mail: a taken e-mail is the conflict to name.
            const conflicts = await users.findConflicts(identity.username, identity.email);
            if (conflicts.email) throw emailTaken();
            if (conflicts.username) throw usernameTaken();
            const user = await users.insert({
              ...identity,
              role: 'host',
              activated: false,
              firstname: report.firstname,
              lastname: report.lastname,
              company: report.company,
              phone: report.phone,
              ...providerAddress,
            });
            providerId = user.id;
            created = true;
            await recordChange(tx, admin, {
              action: 'create',
              ...personSubject(user),
              after: personFields(user),
            });
          }
          const establishments = createEstablishmentsRepository(tx);
          if (report.numero && (await establishments.numeroTaken(report.numero))) throw numeroTaken();
          const establishment = {
            userId: providerId,
            name: report.name,
            capacityMaxRoom: report.capacityMaxRoom,
            capacityMaxPerson: report.capacityMaxPerson,
            address: report.address,
            city: report.city,
            cp: report.cp,
            // The nature the declarant chose gives the row; a row chosen alone keeps its nature to confirm.
            ...natureColumnsOf({
              type: report.type,
              nature: report.nature ?? null,
              stars: (report.stars ?? null) as Stars | null,
              classifiedOn: report.classifiedOn ?? null,
            }),
            typePrecision: report.typePrecision,
            description: null,
            numero: report.numero,
            // The date the declarant gave: the months before it are not asked for.
            openingDate: report.openingDate,
          };
          const [inserted] = await insertEstablishments(tx, [establishment], {
            by: admin.id,
            today: isoDateIn(now()),
          });
          if (!inserted) throw new Error('insert returned no row');
          const establishmentId = inserted.id;
          await recordChange(tx, admin, {
            action: 'create',
            entity: 'establishment',
            entityId: establishmentId,
            entityLabel: establishment.name,
            establishmentId,
            after: establishment,
          });
          await createReportsRepository(tx).decide(id, {
            status: 'accepted',
            decidedAt: now(),
            decidedBy: admin.username,
            providerId,
            establishmentId,
          });
          return { providerId, created, report };
        })
        .catch((error: unknown) => {
          const pgError = findPgError(error);
          if (pgError?.code === '23505' && pgError.constraint === NUMERO_INDEX) throw numeroTaken();
          throw uniqueViolationToAppError(error);
        });
      log.info({ reportId: id, userId: result.providerId, created: result.created }, 'report accepted');
      if (result.created) await deps.account.sendActivation(result.providerId);
      else mail(result.report, attachedMail(mailInput(result.report)), 'report-attached', result.providerId);
      return this.get(id);
    },

    /** Marks the report rejected (nothing else changes) and mails the reason to the declarant. */
    async reject(id: number, reason: string, admin: Actor): Promise<ReportDetail> {
      const report = await db.transaction(async (tx) => {
        const row = await pending(tx, id);
        await createReportsRepository(tx).decide(id, {
          status: 'rejected',
          decidedAt: now(),
          decidedBy: admin.username,
          rejectReason: reason,
        });
        return row.content;
      });
      log.info({ reportId: id }, 'report rejected');
      mail(report, rejectionMail({ ...mailInput(report), reason }), 'report-rejection');
      return this.get(id);
    },
  };
}
