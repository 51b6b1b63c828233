import {
  type CollectivitySettings,
  dueDateOf,
  isAdminRole,
  isMonthDue,
  type Month,
  monthIndex,
  monthOf,
  monthsOfSemester,
  type ProviderSemester,
  paymentReference,
  type Resume,
  type ResumeAmounts,
  type ResumeProvider,
  type ResumeQuery,
  type ResumeRow,
  type Semester,
  type SemesterQuery,
  type SemestersQuery,
} from '@sejour/domain';
import { type Actor, requireAccess } from '../auth/ownership';
import type { Database } from '../db/database';
import type { CollectivitySettingsStore } from '../settings/collectivity';
import { createResumeRepository, type EstablishmentSemesterRow, type SemesterScope } from './repository';

const ZERO: ResumeAmounts = {
  nightsCount: 0,
  taxableNights: 0,
  platformNightsCount: 0,
  ccAmount: 0,
  moselleAmount: 0,
  totalAmount: 0,
};

export function addAmounts(a: ResumeAmounts, b: ResumeAmounts): ResumeAmounts {
  return {
    nightsCount: a.nightsCount + b.nightsCount,
    taxableNights: a.taxableNights + b.taxableNights,
    platformNightsCount: a.platformNightsCount + b.platformNightsCount,
    ccAmount: a.ccAmount + b.ccAmount,
    moselleAmount: a.moselleAmount + b.moselleAmount,
    totalAmount: a.totalAmount + b.totalAmount,
  };
}

/**
 * The semester's resume: what each provider owes (declarations marked done), what is still in progress
 * (drafts, shown apart), and what is missing (past months with nothing declared and no platform-only
 * attestation). Aggregated in SQL per establishment; a host sees only their own.
 */
export function createResumeService(deps: {
  db: Database;
  now: () => Date;
  settings: CollectivitySettingsStore;
}) {
  const { db, now, settings } = deps;
  const repository = createResumeRepository(db);

  /** A host is always themself; an admin may name a provider (or none: every provider). */
  async function providerOf(actor: Actor, userId: number | undefined): Promise<number | undefined> {
    if (userId !== undefined) await requireAccess(db, actor, 'user', [userId]);
    return isAdminRole(actor.role) ? userId : actor.id;
  }

  async function scopeOf(actor: Actor, query: SemesterQuery): Promise<SemesterScope> {
    const userId = await providerOf(actor, query.userId);
    return { year: query.year, semester: query.semester, ...(userId === undefined ? {} : { userId }) };
  }

  function toRow(row: EstablishmentSemesterRow, scope: SemesterScope): ResumeRow {
    const today = monthIndex(monthOf(now()));
    const done = row.done_months.map(Number) as Month[];
    const draft = row.draft_months.map(Number) as Month[];
    const declared = new Set<number>([...done, ...draft]);
    const life = { openingDate: row.opening_date };
    const past = monthsOfSemester(scope.semester).filter(
      (month) =>
        monthIndex({ year: scope.year, month }) < today &&
        !declared.has(month) &&
        isMonthDue(life, { year: scope.year, month }),
    );
    return {
      establishmentId: row.establishment_id,
      establishmentName: row.name,
      type: row.type,
      doneMonths: done,
      draftMonths: draft,
      missingMonths: row.attested ? [] : past,
      attestedMonths: row.attested ? past : [],
      nightsCount: Number(row.nights),
      taxableNights: Number(row.taxable),
      platformNightsCount: Number(row.platform),
      ccAmount: Number(row.cc),
      moselleAmount: Number(row.moselle),
      totalAmount: Number(row.total),
      draftTotalAmount: Number(row.draft_total),
    };
  }

  /** Providers with their rows and subtotals, in the repository's order. */
  async function providersOf(scope: SemesterScope, userIds: readonly number[]): Promise<ResumeProvider[]> {
    const rows = await repository.establishments(scope, userIds);
    const providers = new Map<number, ResumeProvider>();
    for (const row of rows) {
      let provider = providers.get(row.user_id);
      if (!provider) {
        provider = {
          userId: row.user_id,
          providerName: row.provider,
          company: row.company,
          paymentReference: paymentReference(row.user_id, scope.year, scope.semester),
          rows: [],
          totals: ZERO,
        };
        providers.set(row.user_id, provider);
      }
      const line = toRow(row, scope);
      provider.rows.push(line);
      provider.totals = addAmounts(provider.totals, line);
    }
    return [...providers.values()];
  }

  async function dueDate(scope: SemesterScope, collectivity?: CollectivitySettings): Promise<string> {
    const terms = collectivity ?? (await settings.get());
    return dueDateOf(scope.year, scope.semester, terms.dueDays);
  }

  return {
    scopeOf,
    providersOf,
    dueDate,

    async get(actor: Actor, query: ResumeQuery): Promise<Resume> {
      const scope = await scopeOf(actor, query);
      const [ids, providerCount, totals] = await Promise.all([
        repository.providerPage(scope, query.limit, query.offset),
        repository.providerCount(scope),
        repository.totals(scope),
      ]);
      return {
        year: scope.year,
        semester: scope.semester,
        providers: await providersOf(scope, ids),
        providerCount,
        dueDate: await dueDate(scope),
        totals: {
          nightsCount: Number(totals?.nights ?? 0),
          taxableNights: Number(totals?.taxable ?? 0),
          platformNightsCount: Number(totals?.platform ?? 0),
          ccAmount: Number(totals?.cc ?? 0),
          moselleAmount: Number(totals?.moselle ?? 0),
          totalAmount: Number(totals?.total ?? 0),
        },
      };
    },

    async semesters(actor: Actor, query: SemestersQuery): Promise<ProviderSemester[]> {
      const userId = await providerOf(actor, query.userId);
      const [rows, collectivity] = await Promise.all([repository.semesters(userId), settings.get()]);
      return rows.map((row) => {
        const semester = row.semester as Semester;
        return {
          year: row.year,
          semester,
          declarationCount: row.declarations,
          doneCount: row.done,
          totalAmount: Number(row.total),
          draftTotalAmount: Number(row.draft_total),
          dueDate: dueDateOf(row.year, semester, collectivity.dueDays),
          paymentReference: userId === undefined ? null : paymentReference(userId, row.year, semester),
        };
      });
    },

    /** Every provider of the scope, page by page: exports and the combined PDF never hold the whole semester. */
    async *eachProvider(scope: SemesterScope, pageSize = 200): AsyncGenerator<ResumeProvider> {
      for (let offset = 0; ; offset += pageSize) {
        const ids = await repository.providerPage(scope, pageSize, offset);
        for (const provider of await providersOf(scope, ids)) yield provider;
        if (ids.length < pageSize) return;
      }
    },

    noticeLines: repository.noticeLines,
    provider: repository.provider,
  };
}

export type ResumeService = ReturnType<typeof createResumeService>;
