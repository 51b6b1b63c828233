import {
  abatementFor,
  type ComponentKind,
  capacityRules,
  computeDeliberationTable,
  computeForfaitTax,
  type Declaration,
  deliberationOfStoredPricing,
  type ForfaitDeclarationCreate,
  type ForfaitDeclarationUpdate,
  type ForfaitPeriod,
  forfaitMessages,
  forfaitPeriodsOfEstablishment,
  forfaitRowOf,
  frenchDate,
  type IsoDate,
  isoDateIn,
  keptUnitTariffs,
  type Month,
  type Nature,
  openingPeriodsErrors,
  openNights,
  PG_INT_MAX,
  pricingOfNight,
  regimeOf,
  regimeOfMonth,
  type Stars,
} from '@sejour/domain';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/database';
import type { PricingRow } from '../db/schema';
import { assertPeriodLet, natureOfTaxedMonth } from '../establishments';
import { AppError } from '../http/errors';
import { storedOfView } from './classification';
import { type ForfaitValues, insertForfait, writeForfait } from './forfait-repository';
import {
  createDeclarationsRepository,
  type DeclarationRow,
  type LockedDeclaration,
  rethrowUniqueViolation,
} from './repository';
import { auditedFields, declarationSubject, storedForfait, toDeclaration } from './view';

/**
 * Declarations au forfait (docs/decisions/0146-forfait-declarations.md): one per establishment au forfait and
 * collection period, stored as the declaration of the month the period starts. The host gives the opening
 * periods and the counted capacity; the server finds the period among those of the deliberations in force and
 * computes the amounts with the establishment's row. Done, it is changed by no one until an admin reopens it.
 */

/** The month of a day (`yyyy-mm-dd`). */
function monthOfDay(day: IsoDate): { year: number; month: Month } {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) as Month };
}

/** What decides an establishment's regime and row. */
interface ForfaitEstablishment {
  nature: Nature | null;
  stars: Stars | null;
}

type PeriodOfPricing = ForfaitPeriod & { pricing: PricingRow };

const AMOUNTS_TOO_LARGE =
  'Les montants calculés pour cette période sont trop élevés pour être enregistrés : vérifiez la capacité saisie.';

const COMPONENT_COLUMNS = {
  DEPARTMENTAL: 'moselleAmount',
  ILE_DE_FRANCE: 'ileDeFranceAmount',
  IDF_MOBILITES: 'idfMobilitesAmount',
  RAILWAY_LINE: 'railwayLineAmount',
} as const satisfies Record<ComponentKind, string>;

/**
 * The collection period starting on `periodStart` among the establishment's periods au forfait of that year,
 * with the pricing that computes it. None: the establishment is au réel under the deliberation in force that
 * day (`regime_reel`), or it is au forfait but no period starts that day (a field error).
 */
function periodOf(
  pricings: readonly PricingRow[],
  establishment: ForfaitEstablishment,
  periodStart: IsoDate,
): PeriodOfPricing {
  const year = Number(periodStart.slice(0, 4));
  const period = forfaitPeriodsOfEstablishment(pricings, establishment, year).find(
    (candidate) => candidate.beginDate === periodStart,
  );
  if (period) return period;
  const inForce = pricingOfNight(pricings, periodStart);
  if (!inForce) {
    throw new AppError('no_pricing_for_period', {
      message: `Aucune grille tarifaire n’est en vigueur le ${frenchDate(periodStart)} : la déclaration ne peut pas être calculée. Contactez votre collectivité.`,
    });
  }
  if (regimeOf(deliberationOfStoredPricing(inForce.payload).forfait, establishment) === 'REEL') {
    throw new AppError('regime_reel');
  }
  const message = forfaitMessages.periodUnknown();
  throw new AppError('validation_error', { message, errors: { periodStart: message } });
}

/** The forfait of a period from what the host typed, as the row stores it. */
function computeForfait(
  establishment: ForfaitEstablishment,
  period: PeriodOfPricing,
  typed: ForfaitDeclarationUpdate,
): ForfaitValues {
  const errors = openingPeriodsErrors(typed.openingPeriods, period);
  if (Object.keys(errors).length > 0) throw new AppError('validation_error', { errors });
  const { nature, stars } = establishment;
  const row = nature === null ? null : forfaitRowOf(nature, stars);
  // The period was found among the establishment's periods au forfait: it has a nature and a row.
  if (nature === null || row === null) throw new AppError('regime_reel');
  const deliberation = deliberationOfStoredPricing(period.pricing.payload);
  const rule = capacityRules[nature];
  const nights = openNights(typed.openingPeriods);
  const units = computeDeliberationTable(deliberation).rows[row];
  const tax = computeForfaitTax(
    {
      capacity: typed.capacity,
      rule,
      nights,
      abatementRate: abatementFor(deliberation.forfait.abatements, nights),
    },
    units,
  );
  const amounts = {
    ccAmount: tax.base,
    moselleAmount: 0,
    ileDeFranceAmount: 0,
    idfMobilitesAmount: 0,
    railwayLineAmount: 0,
    totalAmount: tax.total,
  };
  for (const { kind, amount } of tax.components) amounts[COMPONENT_COLUMNS[kind]] = amount;
  // The capacity is bounded; its product with the nights and a tariff may still exceed an amount column.
  if (Object.values(amounts).some((n) => n > PG_INT_MAX)) {
    throw new AppError('validation_error', {
      message: AMOUNTS_TOO_LARGE,
      errors: { capacity: AMOUNTS_TOO_LARGE },
    });
  }
  return {
    periodStart: period.beginDate,
    periodEnd: period.endDate,
    openingPeriods: typed.openingPeriods.map(({ from, to }) => ({ from, to })),
    capacity: typed.capacity,
    capacityUnit: rule.unit,
    personsPerUnit: rule.personsPerUnit,
    openNights: nights,
    abatementRate: tax.abatementRate,
    ...amounts,
    pricingId: period.pricing.id,
    tariffs: { pricingId: period.pricing.id, type: row, tariffs: keptUnitTariffs(units) },
  };
}

/**
 * A month the establishment is taxed au forfait has no declaration of its nights (monthly writes answer
 * `regime_forfait`): its collection period is declared au forfait instead.
 */
export function assertMonthlyRegime(
  establishment: { nature: Nature | null; stars: number | null },
  target: { year: number; month: number },
  pricings: readonly PricingRow[],
): void {
  const nature = { nature: establishment.nature, stars: establishment.stars as Stars | null };
  if (regimeOfMonth(pricings, nature, target.year, target.month as Month) === 'FORFAIT') {
    throw new AppError('regime_forfait');
  }
}

/** The pricings of a year, locked in share mode: a pricing edit cannot slip between computation and write. */
function pricingsOfYear(tx: Executor, year: number): Promise<PricingRow[]> {
  return createDeclarationsRepository(tx).pricingsOverlapping(`${year}-01-01`, `${year}-12-31`);
}

/**
 * A locked forfait declaration computed again from `typed` (its own figures when marking it done): its regime
 * read from the establishment's nature of today, its row from the classification of the period's first month,
 * with the deliberation in force on its period.
 */
async function recomputed(
  tx: Executor,
  current: LockedDeclaration,
  typed?: ForfaitDeclarationUpdate,
): Promise<ForfaitValues> {
  const stored = storedForfait(current);
  if (!stored) throw new AppError('regime_reel');
  const establishment = {
    nature: current.establishmentNature,
    stars: current.establishmentStars as Stars | null,
  };
  const pricings = await pricingsOfYear(tx, Number(stored.periodStart.slice(0, 4)));
  return computeForfait(
    await natureOfTaxedMonth(tx, storedOfView(current), monthOfDay(stored.periodStart)),
    periodOf(pricings, establishment, stored.periodStart),
    typed ?? { openingPeriods: stored.openingPeriods, capacity: stored.capacity },
  );
}

/**
 * Marking a forfait declaration done, inside the declarations' change (row locked, audit written there):
 * computed one last time as a forfait, never as a month of nights.
 */
export async function markForfaitDone(
  tx: Executor,
  id: number,
  current: LockedDeclaration,
  doneAt: Date,
): Promise<DeclarationRow> {
  return writeForfait(tx, id, await recomputed(tx, current), doneAt);
}

export function createForfaitDeclarations(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  const today = () => isoDateIn(now());

  return {
    /** Declares a collection period; the (establishment, year, month) key lets one of concurrent creations win. */
    create(actor: Actor, payload: ForfaitDeclarationCreate): Promise<Declaration> {
      const { establishmentId, periodStart, ...typed } = payload;
      return db
        .transaction(async (tx) => {
          const repository = createDeclarationsRepository(tx);
          const establishment = await repository.establishment(establishmentId);
          if (!establishment) throw new AppError('not_found');
          const pricings = await pricingsOfYear(tx, Number(periodStart.slice(0, 4)));
          const period = periodOf(pricings, establishment, periodStart);
          await assertPeriodLet(tx, establishmentId, period);
          const taxedAs = await natureOfTaxedMonth(tx, establishment, monthOfDay(period.beginDate));
          const values = computeForfait(taxedAs, period, typed);
          const id = await insertForfait(tx, {
            establishmentId,
            userId: establishment.userId,
            year: Number(values.periodStart.slice(0, 4)),
            month: Number(values.periodStart.slice(5, 7)) as Month,
            values,
          });
          const created = await repository.findView(id);
          if (!created) throw new AppError('not_found');
          await recordChange(tx, actor, {
            action: 'create',
            ...declarationSubject(created),
            after: auditedFields(created),
          });
          return toDeclaration(created, today());
        })
        .catch(rethrowUniqueViolation);
    },

    /** The host's figures again; a done declaration is locked for everyone (an admin reopens it first). */
    update(actor: Actor, id: number, typed: ForfaitDeclarationUpdate): Promise<Declaration> {
      return db.transaction(async (tx) => {
        const repository = createDeclarationsRepository(tx);
        const current = await repository.lockView(id, { pricings: false });
        if (!current) throw new AppError('not_found');
        if (current.regime !== 'FORFAIT') throw new AppError('regime_reel');
        if (current.done) throw new AppError('declaration_locked');
        const written = await writeForfait(tx, id, await recomputed(tx, current, typed));
        const updated = { ...current, ...written };
        const before = auditedFields(current);
        const after = auditedFields(updated);
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await recordChange(tx, actor, { action: 'update', ...declarationSubject(current), before, after });
        }
        return toDeclaration(updated, today());
      });
    },
  };
}
