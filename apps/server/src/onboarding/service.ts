import {
  establishmentKey,
  isoDateIn,
  type OnboardingEstablishment,
  type OnboardingImport,
  type OnboardingImportResult,
  type OnboardingInvitationsResult,
  type OnboardingLineResult,
  type OnboardingMatch,
  type OnboardingPart,
  type OnboardingProvider,
  parseOnboardingLine,
} from '@sejour/domain';
import type { FastifyBaseLogger } from 'fastify';
import { personFields, personSubject } from '../audit/people';
import { type ChangeRecord, recordChanges } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/database';
import { findPgError } from '../db/pg-errors';
import { establishmentAuditFields, insertEstablishments, natureColumnsOf } from '../establishments';
import type { FeatureDeps } from '../feature';
import { AppError } from '../http/errors';
import { lockIdentities } from '../identity/availability';
import { createOnboardingRepository, type KnownAccount, type KnownEstablishment } from './repository';

/** Thrown inside a dry run's transaction once its answer is known, so that nothing it wrote is kept. */
class DryRunDone {
  constructor(readonly result: OnboardingImportResult) {}
}

/** A provider a line names: one of the database's, or one a line of this batch creates. */
type ProviderRef =
  | { kind: 'existing'; id: number; matchedBy: OnboardingMatch }
  | { kind: 'new'; line: number; matchedLine: number | null };

type EstablishmentRef =
  | { kind: 'existing'; id: number; matchedBy: OnboardingMatch }
  | { kind: 'new'; line: number; matchedLine: number | null };

interface PlannedLine {
  line: number;
  provider: ProviderRef;
  establishment: EstablishmentRef | null;
}

const lower = (text: string) => text.toLowerCase();

const messages = {
  adminEmail: () => 'E-mail : cette adresse est celle d’un compte administrateur, pas d’un hébergeur.',
  adminSiret: () => 'SIRET : ce numéro est celui d’un compte administrateur, pas d’un hébergeur.',
  siretOfOther: (siret: string) =>
    `SIRET : l’hébergeur qui a cette adresse e-mail est enregistré avec le SIRET ${siret}.`,
  emailOfLine: (line: number) =>
    `E-mail : cette adresse est celle de l’hébergeur de la ligne ${line}, dont le SIRET diffère.`,
  archived: (by: 'SIRET' | 'E-mail') =>
    `${by} : cet hébergeur est archivé ; restaurez-le avant d’importer ses établissements.`,
  usernameTaken: () => 'Identifiant : ce nom d’utilisateur est déjà celui d’un autre compte.',
  emailTaken: () => 'E-mail : cette adresse est déjà l’identifiant d’un autre compte.',
  usernameOfLine: (line: number) =>
    `Identifiant : ce nom d’utilisateur est déjà celui de l’hébergeur de la ligne ${line}.`,
  numeroOfOther: (name: string) =>
    `N° d’enregistrement : ce numéro est déjà celui de l’établissement « ${name} » d’un autre hébergeur.`,
  numeroOfLine: (line: number) =>
    `N° d’enregistrement : ce numéro est déjà celui de l’établissement de la ligne ${line}, d’un autre hébergeur.`,
};

/**
 * Bulk onboarding of providers and establishments (docs/decisions/0147-bulk-onboarding.md): a batch of lines
 * is read with the forms' schemas, matched against what exists, and what is missing is written in one
 * transaction with its audit entries. Providers are created without their activation mail: the admin sends the
 * invitations once the import is checked (`invite`).
 */
export function createOnboardingService(deps: {
  db: Database;
  now: () => Date;
  activation: FeatureDeps['activation'];
  log: FastifyBaseLogger;
}) {
  const { db, now, activation } = deps;

  /** Decides, line by line, what each names and what must be created; refused lines get their reasons. */
  async function plan(
    tx: Executor,
    lines: ReturnType<typeof parseOnboardingLine>[],
  ): Promise<{ planned: Map<number, PlannedLine>; refused: Map<number, string[]> }> {
    const repository = createOnboardingRepository(tx);
    const ok = lines.filter((l) => l.ok);
    const sirets = [...new Set(ok.flatMap((l) => (l.provider.siret ? [l.provider.siret] : [])))];
    const logins = [...new Set(ok.flatMap((l) => [lower(l.provider.email), lower(l.provider.username)]))];
    const accounts = await repository.accounts(sirets, logins);
    const bySiret = new Map<string, KnownAccount>();
    const byEmail = new Map<string, KnownAccount>();
    const byLogin = new Map<string, KnownAccount>();
    for (const account of accounts) {
      if (account.siret) bySiret.set(account.siret, account);
      byEmail.set(lower(account.email), account);
      byLogin.set(lower(account.email), account);
      byLogin.set(lower(account.username), account);
    }
    const numeros = [
      ...new Set(ok.flatMap((l) => (l.establishment?.numero ? [l.establishment.numero] : []))),
    ];
    const providerIds = [...new Set(accounts.filter((a) => a.role === 'host').map((a) => a.id))];
    const known = await repository.establishments(numeros, providerIds);
    const byNumero = new Map<string, KnownEstablishment>();
    const byKey = new Map<string, KnownEstablishment>();
    for (const row of known) {
      if (row.numero) byNumero.set(row.numero.toUpperCase(), row);
      byKey.set(establishmentKey(row.userId, row), row);
    }

    // What earlier lines of this batch create, by the same keys.
    const newBySiret = new Map<string, { line: number; email: string }>();
    const newByEmail = new Map<string, { line: number; siret: string | null }>();
    const newByLogin = new Map<string, number>();
    const newEstablishmentByNumero = new Map<string, { line: number; owner: string }>();
    const newEstablishmentByKey = new Map<string, number>();

    const planned = new Map<number, PlannedLine>();
    const refused = new Map<number, string[]>();

    const providerOf = (provider: OnboardingProvider): ProviderRef | string => {
      const email = lower(provider.email);
      if (provider.siret) {
        const account = bySiret.get(provider.siret);
        if (account) {
          if (account.role !== 'host') return messages.adminSiret();
          if (account.archived) return messages.archived('SIRET');
          return { kind: 'existing', id: account.id, matchedBy: 'siret' };
        }
        const earlier = newBySiret.get(provider.siret);
        if (earlier) return { kind: 'new', line: earlier.line, matchedLine: earlier.line };
      }
      const account = byEmail.get(email);
      if (account) {
        if (account.role !== 'host') return messages.adminEmail();
        if (account.archived) return messages.archived('E-mail');
        if (provider.siret && account.siret && account.siret !== provider.siret)
          return messages.siretOfOther(account.siret);
        return { kind: 'existing', id: account.id, matchedBy: 'email' };
      }
      const earlier = newByEmail.get(email);
      if (earlier) {
        if (provider.siret && earlier.siret && earlier.siret !== provider.siret)
          return messages.emailOfLine(earlier.line);
        return { kind: 'new', line: earlier.line, matchedLine: earlier.line };
      }
      // A new account: its username and e-mail must be no one's login (either signs in).
      const username = lower(provider.username);
      if (byLogin.has(username)) return messages.usernameTaken();
      if (byLogin.has(email)) return messages.emailTaken();
      const earlierLogin = newByLogin.get(username) ?? newByLogin.get(email);
      if (earlierLogin !== undefined) return messages.usernameOfLine(earlierLogin);
      return { kind: 'new', line: -1, matchedLine: null };
    };

    const ownerKey = (ref: ProviderRef) => (ref.kind === 'existing' ? ref.id : `line:${ref.line}`);

    const establishmentOf = (
      establishment: OnboardingEstablishment,
      owner: ProviderRef,
    ): EstablishmentRef | string => {
      const ownerId = ownerKey(owner);
      if (establishment.numero) {
        const row = byNumero.get(establishment.numero);
        if (row) {
          if (owner.kind !== 'existing' || row.userId !== owner.id) return messages.numeroOfOther(row.name);
          return { kind: 'existing', id: row.id, matchedBy: 'numero' };
        }
        const earlier = newEstablishmentByNumero.get(establishment.numero);
        if (earlier) {
          if (earlier.owner !== String(ownerId)) return messages.numeroOfLine(earlier.line);
          return { kind: 'new', line: earlier.line, matchedLine: earlier.line };
        }
      }
      const key = establishmentKey(ownerId, establishment);
      const row = byKey.get(key);
      // Recognised by name and address only when no registration number tells them apart.
      if (row && (!row.numero || !establishment.numero))
        return { kind: 'existing', id: row.id, matchedBy: 'name' };
      const earlier = newEstablishmentByKey.get(key);
      if (earlier !== undefined && !establishment.numero)
        return { kind: 'new', line: earlier, matchedLine: earlier };
      return { kind: 'new', line: -1, matchedLine: null };
    };

    for (const parsed of lines) {
      if (!parsed.ok) {
        refused.set(parsed.line, parsed.errors);
        continue;
      }
      let provider = providerOf(parsed.provider);
      if (typeof provider === 'string') {
        refused.set(parsed.line, [provider]);
        continue;
      }
      if (provider.kind === 'new' && provider.line === -1) provider = { ...provider, line: parsed.line };
      let establishment: EstablishmentRef | string | null = parsed.establishment
        ? establishmentOf(parsed.establishment, provider)
        : null;
      if (typeof establishment === 'string') {
        refused.set(parsed.line, [establishment]);
        continue;
      }
      if (establishment?.kind === 'new' && establishment.line === -1)
        establishment = { ...establishment, line: parsed.line };

      // Only now, the line being kept: later lines see what it creates.
      if (provider.kind === 'new' && provider.matchedLine === null) {
        const { siret, email, username } = parsed.provider;
        if (siret) newBySiret.set(siret, { line: parsed.line, email });
        newByEmail.set(lower(email), { line: parsed.line, siret });
        newByLogin.set(lower(email), parsed.line);
        newByLogin.set(lower(username), parsed.line);
      }
      if (parsed.establishment && establishment?.kind === 'new' && establishment.matchedLine === null) {
        const owner = String(ownerKey(provider));
        if (parsed.establishment.numero)
          newEstablishmentByNumero.set(parsed.establishment.numero, { line: parsed.line, owner });
        newEstablishmentByKey.set(establishmentKey(ownerKey(provider), parsed.establishment), parsed.line);
      }
      planned.set(parsed.line, { line: parsed.line, provider, establishment });
    }
    return { planned, refused };
  }

  /** Plans the batch and writes what it creates, with the audit entries; answers line by line. */
  async function run(tx: Executor, input: OnboardingImport, actor: Actor): Promise<OnboardingImportResult> {
    await lockIdentities(tx);
    const parsed = input.lines.map(parseOnboardingLine);
    const byLine = new Map(parsed.map((p) => [p.line, p]));
    const { planned, refused } = await plan(tx, parsed);
    const repository = createOnboardingRepository(tx);

    const providersToCreate = [...planned.values()].filter(
      (p) => p.provider.kind === 'new' && p.provider.matchedLine === null,
    );
    const userRows = await repository.insertUsers(
      providersToCreate.map(({ line }) => {
        const read = byLine.get(line);
        if (!read?.ok) throw new Error('planned line not read');
        const { siret, ...provider } = read.provider;
        return { ...provider, siret, role: 'host' as const, activated: false };
      }),
    );
    const userIdOfLine = new Map(providersToCreate.map((p, i) => [p.line, userRows[i]?.id ?? 0]));
    const ownerId = (ref: ProviderRef) =>
      ref.kind === 'existing' ? ref.id : (userIdOfLine.get(ref.line) ?? 0);

    const establishmentsToCreate = [...planned.values()].filter(
      (p) => p.establishment?.kind === 'new' && p.establishment.matchedLine === null,
    );
    const today = isoDateIn(now());
    const establishmentRows = await insertEstablishments(
      tx,
      establishmentsToCreate.map(({ line, provider }) => {
        const read = byLine.get(line);
        if (!read?.ok || !read.establishment) throw new Error('planned line not read');
        const establishment = read.establishment;
        return {
          ...establishment,
          ...natureColumnsOf({ ...establishment, type: establishment.type }),
          userId: ownerId(provider),
          // Not given: it opens the day it is created, as through the form.
          openingDate: establishment.openingDate ?? today,
        };
      }),
      { by: actor.id, today },
    );
    const establishmentIdOfLine = new Map(
      establishmentsToCreate.map((p, i) => [p.line, establishmentRows[i]?.id ?? 0]),
    );

    await recordChanges(tx, actor, [
      ...userRows.map(
        (row): ChangeRecord => ({
          action: 'create',
          ...personSubject(row),
          after: { ...personFields(row), siret: row.siret },
        }),
      ),
      ...establishmentRows.map(
        (row): ChangeRecord => ({
          action: 'create',
          entity: 'establishment',
          entityId: row.id,
          entityLabel: row.name,
          establishmentId: row.id,
          after: establishmentAuditFields(row),
        }),
      ),
    ]);

    const dry = input.dryRun;
    const part = (ref: ProviderRef | EstablishmentRef, idOfLine: Map<number, number>): OnboardingPart => {
      if (ref.kind === 'existing')
        return { outcome: 'existing', id: ref.id, matchedBy: ref.matchedBy, matchedLine: null };
      if (ref.matchedLine !== null)
        return {
          outcome: 'existing',
          id: dry ? null : (idOfLine.get(ref.line) ?? null),
          matchedBy: 'line',
          matchedLine: ref.matchedLine,
        };
      return {
        outcome: 'created',
        id: dry ? null : (idOfLine.get(ref.line) ?? null),
        matchedBy: null,
        matchedLine: null,
      };
    };

    const results: OnboardingLineResult[] = input.lines.map(({ line }) => {
      const errors = refused.get(line);
      const plannedLine = planned.get(line);
      if (errors || !plannedLine)
        return { line, status: 'error', provider: null, establishment: null, errors: errors ?? [] };
      const provider = part(plannedLine.provider, userIdOfLine);
      const establishment = plannedLine.establishment
        ? part(plannedLine.establishment, establishmentIdOfLine)
        : null;
      const created = provider.outcome === 'created' || establishment?.outcome === 'created';
      return { line, status: created ? 'created' : 'existing', provider, establishment, errors: [] };
    });
    return {
      dryRun: dry,
      lines: results,
      providersCreated: userRows.length,
      establishmentsCreated: establishmentRows.length,
      existing: results.filter((r) => r.status === 'existing').length,
      refused: results.filter((r) => r.status === 'error').length,
    };
  }

  return {
    /**
     * One batch: written in one transaction, or not at all. A dry run runs the very same writes and rolls
     * them back, so its answer is the real run's. A write the database refuses (a row written meanwhile by
     * someone else) answers `onboarding_batch_failed` with nothing of the batch kept.
     */
    async importBatch(input: OnboardingImport, actor: Actor): Promise<OnboardingImportResult> {
      try {
        return await db.transaction(async (tx) => {
          const result = await run(tx, input, actor);
          if (input.dryRun) throw new DryRunDone(result);
          return result;
        });
      } catch (error) {
        if (error instanceof DryRunDone) return error.result;
        const pgError = findPgError(error);
        // Integrity (class 23) and concurrency (class 40) refusals: the batch is simply not written.
        if (pgError && (pgError.code.startsWith('23') || pgError.code.startsWith('40'))) {
          deps.log.warn({ code: pgError.code, constraint: pgError.constraint }, 'onboarding batch refused');
          throw new AppError('onboarding_batch_failed');
        }
        throw error;
      }
    },

    /**
     * Queues the activation mail of each provider of `userIds` that has never been sent one (the durable mail
     * queue delivers them at the pace `MAIL_PER_MINUTE` sets). The others are counted as skipped.
     */
    async invite(userIds: number[]): Promise<OnboardingInvitationsResult> {
      const unique = [...new Set(userIds)];
      const ids = await createOnboardingRepository(db).invitable(unique);
      let invited = 0;
      for (const id of ids) {
        try {
          await activation.sendActivation(id);
          invited++;
        } catch (error) {
          // Activated, archived or deleted since: not invited, the rest goes on.
          if (!(error instanceof AppError)) throw error;
        }
      }
      return { invited, skipped: unique.length - invited };
    },
  };
}
