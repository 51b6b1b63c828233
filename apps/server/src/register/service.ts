import {
  auditDiff,
  DEFAULT_THRESHOLD_CENTS,
  deliberationOfStoredPricing,
  firstDayOfMonth,
  formatDate,
  formatInteger,
  isoDate,
  type Month,
  monthKey,
  monthKeysOfStay,
  noPricingForMonthMessage,
  parseMonthKey,
  pricingOfMonth,
  type RegisterMonth,
  type RegisterPeriodQuery,
  type RegisterStay,
  registerMonthDeliberationFigures,
  type SkippedStay,
  type StayImport,
  type StayImportResult,
  type StayInput,
  splitStayByMonth,
  stayMessages,
  staysLimitMessage,
  staysPerYearLimit,
  WHOLE_YEAR,
} from '@sejour/domain';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/database';
import type { StayRow } from '../db/schema';
import { stayRefusals, typeOfTaxedMonth } from '../establishments';
import { AppError } from '../http/errors';
import { createRegisterRepository, type RegisterRepository } from './repository';
import { toRegisterStay } from './stay-view';

/** The first day of a period and the first day after it: a month, or a whole year. */
export function periodBounds(query: RegisterPeriodQuery): { from: string; to: string } {
  if (query.month === undefined)
    return { from: isoDate(query.year, 1, 1), to: isoDate(query.year + 1, 1, 1) };
  const next =
    query.month === 12
      ? { year: query.year + 1, month: 1 as Month }
      : { year: query.year, month: (query.month + 1) as Month };
  return { from: firstDayOfMonth(query.year, query.month), to: firstDayOfMonth(next.year, next.month) };
}

/** The first done month a stay has a night in, if any. */
function lockedMonth(
  stay: Pick<StayInput, 'arrival' | 'departure' | 'price'>,
  doneMonths: ReadonlySet<string>,
) {
  const key = monthKeysOfStay(stay).find((k) => doneMonths.has(k));
  return key === undefined ? undefined : parseMonthKey(key);
}

function refuseLocked(
  stay: Pick<StayInput, 'arrival' | 'departure' | 'price'>,
  doneMonths: ReadonlySet<string>,
) {
  const month = lockedMonth(stay, doneMonths);
  if (month)
    throw new AppError('stay_locked', { message: stayMessages.monthLocked(month.year, month.month) });
}

/**
 * Refuses a write that would take a year of the register beyond its bound (decision 0123): `added` stays by
 * arrival year, against those already there. Runs under the establishment's lock, so two writes cannot both
 * pass the count.
 */
async function refuseBeyondLimit(
  repository: RegisterRepository,
  establishment: { id: number; capacityMaxPerson: number | null },
  added: ReadonlyMap<number, number>,
) {
  const existing = await repository.countByArrivalYear(establishment.id, [...added.keys()]);
  for (const [year, count] of [...added].sort(([a], [b]) => a - b)) {
    const limit = staysPerYearLimit(establishment.capacityMaxPerson, year);
    const already = existing.get(year) ?? 0;
    if (already + count > limit.max) {
      throw new AppError('stays_limit_reached', {
        message: staysLimitMessage(year, limit, { existing: already, added: count }),
      });
    }
  }
}

/** Refuses a stay with a night the establishment does not let: in a closure, or from its cessation on. */
async function refuseUnlet(
  tx: Executor,
  establishmentId: number,
  stay: Pick<StayInput, 'arrival' | 'departure'>,
) {
  const refused = (await stayRefusals(tx, establishmentId))(stay);
  if (refused) throw new AppError(refused.code, { message: refused.message });
}

const arrivalYear = (stay: Pick<StayInput, 'arrival'>) => Number(stay.arrival.slice(0, 4));

/** What the journal compares of a stay: what the host typed, no ids or timestamps. */
function auditedStay(stay: StayInput | StayRow) {
  return {
    arrival: stay.arrival,
    departure: stay.departure,
    persons: stay.persons,
    exempted: stay.exempted,
    exemptionReason: stay.exemptionReason,
    price: stay.price,
    platform: stay.platform,
    reference: stay.reference,
  };
}

/**
 * A stay as the journal names it. It has no name of its own (the register holds no civil-status data), so its
 * establishment and dates; the entry belongs to the establishment's history.
 */
function staySubject(
  establishment: { id: number; name: string },
  stay: Pick<StayRow, 'id' | 'arrival' | 'departure'>,
) {
  return {
    entity: 'stay' as const,
    entityId: stay.id,
    entityLabel: `${establishment.name} — séjour du ${formatDate(stay.arrival)} au ${formatDate(stay.departure)}`,
    establishmentId: establishment.id,
  };
}

/**
 * An import is one entry, not one per stay (docs/decisions/0136-stays-in-the-journal.md): how many stays,
 * the dates they span and the lines left out. Each stay is in the register; its later changes have their own
 * entries.
 */
async function recordImport(
  tx: Executor,
  actor: Actor,
  establishment: { id: number; name: string },
  imported: readonly StayInput[],
  skipped: number,
) {
  const arrivals = imported.map((stay) => stay.arrival).sort();
  const departures = imported.map((stay) => stay.departure).sort();
  const count = imported.length === 1 ? 'd’un séjour' : `de ${formatInteger(imported.length)} séjours`;
  await recordChange(tx, actor, {
    action: 'import',
    entity: 'stay',
    entityLabel: `${establishment.name} — import ${count}`,
    establishmentId: establishment.id,
    after: {
      stayCount: imported.length,
      firstArrival: arrivals[0],
      lastDeparture: departures[departures.length - 1],
      skippedCount: skipped,
    },
  });
}

/**
 * The host's register (docs/features/register.md): stays entered or imported, and a month's declaration
 * figures computed from them. A stay with a night in a month whose declaration is done is frozen, for admins
 * too: an admin reopens the month first. Every write runs in one transaction with the establishment locked.
 */
export function createRegisterService(deps: { db: Database }) {
  const { db } = deps;

  async function inEstablishment<T>(
    establishmentId: number,
    work: (
      repository: RegisterRepository,
      establishment: { id: number; userId: number; name: string; capacityMaxPerson: number | null },
      tx: Executor,
    ) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const repository = createRegisterRepository(tx);
      await repository.lockEstablishment(establishmentId);
      const establishment = await repository.establishment(establishmentId);
      if (!establishment) throw new AppError('not_found');
      return work(repository, establishment, tx);
    });
  }

  return {
    async list(establishmentId: number, query: RegisterPeriodQuery): Promise<RegisterStay[]> {
      const repository = createRegisterRepository(db);
      const { from, to } = periodBounds(query);
      const done = await repository.doneMonths(establishmentId);
      const stays: RegisterStay[] = [];
      for await (const page of repository.ofPeriodInPages(establishmentId, from, to)) {
        for (const row of page) stays.push(toRegisterStay(row, done));
      }
      return stays;
    },

    create(actor: Actor, establishmentId: number, input: StayInput): Promise<RegisterStay> {
      return inEstablishment(establishmentId, async (repository, establishment, tx) => {
        const done = await repository.doneMonths(establishmentId);
        refuseLocked(input, done);
        await refuseUnlet(tx, establishmentId, input);
        await refuseBeyondLimit(repository, establishment, new Map([[arrivalYear(input), 1]]));
        const [row] = await repository.insert(establishmentId, establishment.userId, [input]);
        if (!row) throw new Error('no stay inserted');
        await recordChange(tx, actor, {
          action: 'create',
          ...staySubject(establishment, row),
          after: auditedStay(row),
        });
        return toRegisterStay(row, done);
      });
    },

    async update(actor: Actor, id: number, input: StayInput): Promise<RegisterStay> {
      return db.transaction(async (tx) => {
        const repository = createRegisterRepository(tx);
        const current = await repository.find(id);
        if (!current) throw new AppError('not_found');
        await repository.lockEstablishment(current.establishmentId);
        const done = await repository.doneMonths(current.establishmentId);
        // Neither the months it leaves nor those it moves to may be done.
        refuseLocked(current, done);
        refuseLocked(input, done);
        await refuseUnlet(tx, current.establishmentId, input);
        const establishment = await repository.establishment(current.establishmentId);
        if (!establishment) throw new AppError('not_found');
        if (arrivalYear(input) !== arrivalYear(current)) {
          await refuseBeyondLimit(repository, establishment, new Map([[arrivalYear(input), 1]]));
        }
        const updated = await repository.update(id, input);
        // Saving the same values again changes nothing, and records nothing.
        const changes = auditDiff(auditedStay(current), auditedStay(updated));
        if (Object.keys(changes).length > 0) {
          await recordChange(tx, actor, {
            action: 'update',
            ...staySubject(establishment, updated),
            changes,
          });
        }
        return toRegisterStay(updated, done);
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const repository = createRegisterRepository(tx);
        const current = await repository.find(id);
        if (!current) throw new AppError('not_found');
        await repository.lockEstablishment(current.establishmentId);
        refuseLocked(current, await repository.doneMonths(current.establishmentId));
        const establishment = await repository.establishment(current.establishmentId);
        if (!establishment) throw new AppError('not_found');
        await repository.delete(id);
        await recordChange(tx, actor, {
          action: 'delete',
          ...staySubject(establishment, current),
          before: auditedStay(current),
        });
      });
    },

    /**
     * The schema checked every line (one bad line refuses the file); here, a stay with a night in a done month,
     * in a closure or from the cessation on is left out and reported by its line, and the others are written in
     * one go.
     */
    import(actor: Actor, establishmentId: number, body: StayImport): Promise<StayImportResult> {
      return inEstablishment(establishmentId, async (repository, establishment, tx) => {
        const done = await repository.doneMonths(establishmentId);
        const refusal = await stayRefusals(tx, establishmentId);
        const skipped: SkippedStay[] = [];
        const accepted: StayInput[] = [];
        const months = new Set<string>();
        body.stays.forEach((stay, index) => {
          const line = body.lines?.[index] ?? index + 1;
          const locked = lockedMonth(stay, done);
          if (locked) {
            skipped.push({ line, message: stayMessages.monthLocked(locked.year, locked.month) });
            return;
          }
          const unlet = refusal(stay);
          if (unlet) {
            skipped.push({ line, message: unlet.message });
            return;
          }
          accepted.push(stay);
          for (const key of monthKeysOfStay(stay)) months.add(key);
        });
        const added = new Map<number, number>();
        for (const stay of accepted) added.set(arrivalYear(stay), (added.get(arrivalYear(stay)) ?? 0) + 1);
        await refuseBeyondLimit(repository, establishment, added);
        const keys = [...months].sort();
        const first = keys[0];
        const last = keys[keys.length - 1];
        const existing =
          first && last
            ? (
                await repository.ofPeriod(
                  establishmentId,
                  periodBounds(parseMonthKey(first)).from,
                  periodBounds(parseMonthKey(last)).to,
                )
              ).length
            : 0;
        const created =
          body.dryRun || accepted.length === 0
            ? 0
            : (await repository.insert(establishmentId, establishment.userId, accepted)).length;
        if (created > 0) await recordImport(tx, actor, establishment, accepted, skipped.length);
        return { created, accepted: accepted.length, skipped, months: keys.map(parseMonthKey), existing };
      });
    },

    /** A month's figures from the register, with the stays used and each one's share of the month. */
    async month(establishmentId: number, year: number, month: Month): Promise<RegisterMonth> {
      const repository = createRegisterRepository(db);
      const stored = await repository.establishment(establishmentId);
      if (!stored) throw new AppError('not_found');
      // The row of the month's classification, as the declaration will be computed with.
      const establishment = { ...stored, type: await typeOfTaxedMonth(db, stored, { year, month }) };
      const { from, to } = periodBounds({ year, month });
      const pricing = pricingOfMonth(await repository.pricingsOverlapping(from, to), year, month);
      // The threshold splits the bands of unclassified lets only; classified types can be computed without it.
      if (!pricing && establishment.type === 'NONE') {
        throw new AppError('no_pricing_for_period', { message: noPricingForMonthMessage(year, month) });
      }
      const deliberation = pricing
        ? deliberationOfStoredPricing(pricing.payload)
        : { threshold: DEFAULT_THRESHOLD_CENTS, collectionPeriods: WHOLE_YEAR, lowRentThreshold: null };
      const { threshold } = deliberation;
      const done = await repository.doneMonths(establishmentId);
      const rows: StayRow[] = [];
      const stays: RegisterMonth['stays'] = [];
      // Read and mapped a page at a time: a busy month of a large register is thousands of stays.
      for await (const page of repository.ofPeriodInPages(establishmentId, from, to)) {
        for (const row of page) {
          rows.push(row);
          const share = splitStayByMonth(row).find((s) => s.year === year && s.month === month);
          stays.push({
            ...toRegisterStay(row, done),
            monthNights: share?.nights ?? 0,
            monthRent: share?.rent ?? 0,
          });
        }
      }
      const { figures, exemptionsByReason } = registerMonthDeliberationFigures(
        rows,
        { year, month },
        deliberation,
      );
      return {
        year,
        month,
        type: establishment.type,
        threshold,
        figures,
        exemptionsByReason,
        stays,
        locked: done.has(monthKey({ year, month })),
      };
    },
  };
}
