import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  addAmounts,
  addComponents,
  COMPONENT_KINDS,
  type CollectivitySettings,
  type ComponentKind,
  componentInfo,
  deliberationOfStoredPricing,
  type IsoDate,
  isAdminRole,
  isMonthDue,
  isoDateIn,
  isProvisionalNotice,
  type Month,
  monthIndex,
  monthOf,
  monthsOfSemester,
  type Nature,
  noticeDueDate,
  type ProviderSemester,
  paymentReference,
  type Resume,
  type ResumeProvider,
  type ResumeQuery,
  type ResumeRow,
  type Reversements,
  type ReversementsQuery,
  reversementLines,
  SEMESTERS,
  type Semester,
  type SemesterQuery,
  type SemestersQuery,
  type Stars,
  type StoredPricingPayload,
  shownComponents,
  ZERO_AMOUNTS,
  ZERO_COMPONENTS,
} from '@sejour/domain';
import type { Actor } from '../auth/actor';
import type { Database, DatabaseHandle } from '../db/database';
import { createYearCalendar, type YearCalendar } from '../declarations';
import type { CollectivitySettingsStore } from '../settings';
import { amountsOf, componentsOf, type NoticeLine, noticeLineOf } from './lines';
import {
  createResumeRepository,
  type EstablishmentSemesterRow,
  type ProviderIdentityRow,
  type SemesterScope,
} from './repository';

export interface ExportShape {
  components: ComponentKind[];
  reasons: boolean;
}

/** A beneficiary per component: the one the pricing's deliberation names, else the component's usual one. */
function beneficiaryOf(payload: StoredPricingPayload | null, kind: ComponentKind): string {
  const named = payload ? deliberationOfStoredPricing(payload).components[kind].beneficiary.trim() : '';
  return named || componentInfo[kind].beneficiary;
}

/**
 * Providers whose establishments are read in one statement, by database. PGlite runs each statement on the request
 * thread: a page of 200 providers (about 500 establishments, their semester aggregated) held every other request
 * for 40–57 ms there, a page of 25 for about 6. A PostgreSQL server runs them in its own process, where fewer
 * round trips cost less.
 */
export const PROVIDER_PAGE: Readonly<Record<DatabaseHandle['kind'], number>> = { pglite: 25, postgres: 200 };

/** What a provider's notice prints besides its figures: who it is sent to, and its lines. */
export interface NoticeDetail {
  identity: ProviderIdentityRow | undefined;
  lines: NoticeLine[];
}

export interface NoticeTerms {
  issuedOn: IsoDate;
  dueDate: IsoDate;
  provisional: boolean;
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
  /** Providers read per statement by the resume's exports (`PROVIDER_PAGE`, by database; the PDF names its own). */
  providerPage?: number;
}) {
  const { db, now, settings, providerPage = PROVIDER_PAGE.postgres } = deps;
  const repository = createResumeRepository(db);
  const yearCalendar = createYearCalendar(db);

  /**
   * A host is always themself; an admin may name a provider (or none: every provider). A named provider was
   * checked by the access hook (the contracts' `ownsInput: { userId: 'user' }`).
   */
  function providerOf(actor: Actor, userId: number | undefined): number | undefined {
    return isAdminRole(actor.role) ? userId : actor.id;
  }

  async function scopeOf(actor: Actor, query: SemesterQuery): Promise<SemesterScope> {
    const userId = providerOf(actor, query.userId);
    return { year: query.year, semester: query.semester, ...(userId === undefined ? {} : { userId }) };
  }

  /**
   * One establishment's line. `past` is the semester's months before this one, worked out once per page; a
   * row adds what is its own: declared, au forfait, not yet open or ceased.
   */
  function toRow(
    row: EstablishmentSemesterRow,
    year: number,
    past: readonly Month[],
    calendar: YearCalendar,
  ): ResumeRow {
    const done = row.done_months.map(Number) as Month[];
    const draft = row.draft_months.map(Number) as Month[];
    const life = { openingDate: row.opening_date, ceasedOn: row.ceased_on, closures: row.closures };
    const nature = { nature: row.nature as Nature | null, stars: row.stars as Stars | null };
    // A month au forfait needs no declaration of nights: its collection period is declared au forfait.
    const undeclared = past.filter(
      (month) =>
        !done.includes(month) &&
        !draft.includes(month) &&
        calendar.regimeOf(nature, month) === 'REEL' &&
        isMonthDue(life, { year, month }, calendar.periodsOf(month)),
    );
    return {
      establishmentId: row.establishment_id,
      establishmentName: row.name,
      type: row.type,
      doneMonths: done,
      draftMonths: draft,
      missingMonths: row.attested ? [] : undeclared,
      attestedMonths: row.attested ? undeclared : [],
      ...amountsOf(row),
      draftTotalAmount: Number(row.draft_total),
      components: componentsOf(row),
      exemptionsByReason: row.reasons_known
        ? {
            MINOR: Number(row.exempted_minor),
            SEASONAL_WORKER: Number(row.exempted_seasonal_worker),
            EMERGENCY_REHOUSING: Number(row.exempted_emergency_rehousing),
            LOW_RENT: Number(row.exempted_low_rent),
          }
        : null,
    };
  }

  /** The establishments' rows gathered by provider (in their order), with their subtotals. */
  function providersOfRows(
    scope: SemesterScope,
    rows: readonly EstablishmentSemesterRow[],
    calendar: YearCalendar,
  ): ResumeProvider[] {
    const today = monthIndex(monthOf(now()));
    const past = monthsOfSemester(scope.semester).filter(
      (month) => monthIndex({ year: scope.year, month }) < today,
    );
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
          totals: ZERO_AMOUNTS,
          componentTotals: ZERO_COMPONENTS,
        };
        providers.set(row.user_id, provider);
      }
      const line = toRow(row, scope.year, past, calendar);
      provider.rows.push(line);
      provider.totals = addAmounts(provider.totals, line);
      provider.componentTotals = addComponents(provider.componentTotals, line.components);
    }
    return [...providers.values()];
  }

  /** The terms of a semester's notices issued today: due date, and whether the semester is still going on. */
  function termsOn(scope: { year: number; semester: Semester }, dueDays: number): NoticeTerms {
    const issuedOn = isoDateIn(now());
    return {
      issuedOn,
      dueDate: noticeDueDate({ ...scope, issuedOn, dueDays }),
      provisional: isProvisionalNotice(scope.year, scope.semester, issuedOn),
    };
  }

  async function terms(
    scope: { year: number; semester: Semester },
    collectivity?: CollectivitySettings,
  ): Promise<NoticeTerms> {
    return termsOn(scope, (collectivity ?? (await settings.get())).dueDays);
  }

  return {
    scopeOf,
    terms,

    async get(actor: Actor, query: ResumeQuery): Promise<Resume> {
      const scope = await scopeOf(actor, query);
      // Four statements side by side: the page's establishments (its providers found in the same statement),
      // the grand totals with the count of providers, the year's pricings and the collectivity's settings.
      const [rows, { totals, providerCount }, calendar, collectivity] = await Promise.all([
        repository.establishmentsPage(scope, query.limit, query.offset),
        repository.summary(scope),
        yearCalendar(scope.year),
        settings.get(),
      ]);
      const componentTotals = totals ? componentsOf(totals) : ZERO_COMPONENTS;
      return {
        year: scope.year,
        semester: scope.semester,
        providers: providersOfRows(scope, rows, calendar),
        providerCount,
        ...termsOn(scope, collectivity.dueDays),
        totals: totals ? amountsOf(totals) : ZERO_AMOUNTS,
        componentTotals,
        shownComponents: shownComponents(componentTotals),
      };
    },

    /**
     * What a scope's exports show besides the specification's columns: the components (see
     * `shownComponents`), and whether some declaration recorded its exempted person-nights by reason.
     */
    async exportShape(scope: SemesterScope): Promise<ExportShape> {
      const totals = await repository.totals(scope);
      return {
        components: shownComponents(totals ? componentsOf(totals) : ZERO_COMPONENTS),
        reasons: totals?.reasons_recorded === true,
      };
    },

    /** Per semester and beneficiary, the components collected on its behalf (done declarations). */
    async reversements(query: ReversementsQuery): Promise<Reversements> {
      const sums = await repository.reversementSums(query.year, query.semester);
      const semesters = query.semester === undefined ? SEMESTERS : [query.semester];
      return {
        year: query.year,
        semesters: semesters.map((semester) => {
          const lines = reversementLines(
            sums
              .filter((row) => Number(row.semester) === semester)
              .flatMap((row) => {
                const amounts = componentsOf(row);
                return COMPONENT_KINDS.map((kind) => ({
                  kind,
                  beneficiary: beneficiaryOf(row.payload, kind),
                  amount: amounts[kind],
                }));
              }),
          );
          return { semester, lines, totalAmount: lines.reduce((sum, line) => sum + line.amount, 0) };
        }),
      };
    },

    async semesters(actor: Actor, query: SemestersQuery): Promise<ProviderSemester[]> {
      const userId = providerOf(actor, query.userId);
      const [rows, collectivity] = await Promise.all([repository.semesters(userId), settings.get()]);
      return rows.map((row) => {
        const semester = row.semester as Semester;
        const { dueDate, provisional } = termsOn({ year: row.year, semester }, collectivity.dueDays);
        return {
          year: row.year,
          semester,
          declarationCount: row.declarations,
          doneCount: row.done,
          totalAmount: Number(row.total),
          draftTotalAmount: Number(row.draft_total),
          dueDate,
          provisional,
          paymentReference: userId === undefined ? null : paymentReference(userId, row.year, semester),
        };
      });
    },

    /**
     * Every provider of the scope, page by page: exports and the combined PDF never hold the whole semester. Who
     * is in it is read once, as the file starts: a provider added meanwhile is in the next file, none is skipped.
     */
    async *eachProvider(scope: SemesterScope, pageSize = providerPage): AsyncGenerator<ResumeProvider> {
      // The year's pricings read once: the collection periods and the regimes of its months both come from them.
      const [ids, calendar] = await Promise.all([repository.providerIds(scope), yearCalendar(scope.year)]);
      for (let at = 0; at < ids.length; at += pageSize) {
        const rows = await repository.establishments(scope, ids.slice(at, at + pageSize));
        // A request that arrived during the read goes before what the caller reads next for these providers
        // (the combined PDF reads their notices' lines): on PGlite statements asked in one go run back to back.
        await nextTurn();
        yield* providersOfRows(scope, rows, calendar);
      }
    },

    /**
     * Who each of the given providers is and the lines of their notice, each as it adds up on the notice: two
     * statements for a page of providers, not two per notice.
     */
    async noticeDetails(
      scope: SemesterScope,
      userIds: readonly number[],
    ): Promise<Map<number, NoticeDetail>> {
      const [identities, rows] = await Promise.all([
        repository.providers(userIds),
        repository.noticeLines(scope, userIds),
      ]);
      const details = new Map<number, NoticeDetail>(
        userIds.map((id) => [id, { identity: identities.find((row) => row.id === id), lines: [] }]),
      );
      for (const row of rows) details.get(row.user_id)?.lines.push(noticeLineOf(row));
      return details;
    },
    provider: async (userId: number) => (await repository.providers([userId]))[0],
  };
}

export type ResumeService = ReturnType<typeof createResumeService>;
