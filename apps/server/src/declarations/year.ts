import {
  type EstablishmentNature,
  type EstablishmentYear,
  type ForfaitPeriodSummary,
  isForfaitLate,
  isoDateIn,
  isPeriodLet,
  MONTHS,
  type MonthSummary,
  monthLife,
  monthOf,
  monthState,
  type Nature,
  type Stars,
  typeOfMonth,
} from '@sejour/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { declarations, establishments } from '../db/schema';
import { classificationHistory, createLifecycleRepository } from '../establishments';
import { AppError } from '../http/errors';
import { yearCalendarOf } from './collection';
import { createDeclarationsRepository } from './repository';

/**
 * The year view of an establishment (`GET establishments/{id}/months`): each month's state, and au forfait
 * the collection periods to declare with theirs. Months au forfait need no declaration of their own; a
 * declaration au réel made there anyway keeps its state, and a month outside the collection periods reads so
 * first. A forfait declaration is stored on the month its period starts: it is shown as its period's, never
 * as that month's.
 */
export function createYearView(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function establishmentOf(id: number) {
    const [row] = await db
      .select({
        id: establishments.id,
        name: establishments.name,
        type: establishments.type,
        capacityMaxPerson: establishments.capacityMaxPerson,
        openingDate: establishments.openingDate,
        nature: establishments.nature,
        stars: establishments.stars,
        classifiedOn: establishments.classifiedOn,
      })
      .from(establishments)
      .where(eq(establishments.id, id))
      .limit(1);
    return row;
  }

  function declarationsOf(establishmentId: number, year: number) {
    return db
      .select({
        id: declarations.id,
        month: declarations.month,
        done: declarations.done,
        doneAt: declarations.doneAt,
        totalAmount: declarations.totalAmount,
        regime: declarations.regime,
        periodStart: declarations.periodStart,
      })
      .from(declarations)
      .where(and(eq(declarations.establishmentId, establishmentId), eq(declarations.year, year)));
  }

  return async function yearOf(establishmentId: number, year: number): Promise<EstablishmentYear> {
    const repository = createDeclarationsRepository(db);
    const [establishment, lives, rows, attestation, pricings, history] = await Promise.all([
      establishmentOf(establishmentId),
      createLifecycleRepository(db).lives([establishmentId]),
      declarationsOf(establishmentId, year),
      repository.attestation(establishmentId, year),
      repository.pricingsOfYear(year),
      classificationHistory(db, establishmentId),
    ]);
    const life = lives.get(establishmentId);
    if (!establishment || !life) throw new AppError('not_found');
    const calendar = yearCalendarOf(pricings, year);
    const nature: EstablishmentNature = {
      nature: establishment.nature as Nature | null,
      stars: establishment.stars as Stars | null,
    };
    const reel = new Map(rows.filter((row) => row.regime === 'REEL').map((row) => [row.month, row]));
    const forfait = new Map(
      rows.flatMap((row) => (row.regime === 'FORFAIT' && row.periodStart ? [[row.periodStart, row]] : [])),
    );
    const current = monthOf(now());
    const today = isoDateIn(now());

    const months = MONTHS.map((month): MonthSummary => {
      const declaration = reel.get(month) ?? null;
      const lifeOfMonth = monthLife(life, { year, month }, calendar.periodsOf(month));
      const state =
        !declaration && lifeOfMonth === 'due' && calendar.regimeOf(nature, month) === 'FORFAIT'
          ? 'forfait'
          : monthState({ year, month }, current, declaration, attestation !== undefined, lifeOfMonth);
      return {
        month,
        state,
        declarationId: declaration?.id ?? null,
        totalAmount: declaration?.totalAmount ?? null,
        type: typeOfMonth({ ...establishment, ...nature }, history, { year, month }),
      };
    });

    const forfaitPeriods = calendar
      .forfaitPeriodsOf(nature)
      // A period with no night let (before the opening, closed, ceased) has nothing to declare, as such a month.
      .filter((period) => forfait.has(period.beginDate) || isPeriodLet(life, period))
      .map((period): ForfaitPeriodSummary => {
        const row = forfait.get(period.beginDate);
        const declaredOn = row?.done ? (row.doneAt ? isoDateIn(row.doneAt) : today) : null;
        const late = isForfaitLate(period, declaredOn, today);
        return {
          periodStart: period.beginDate,
          periodEnd: period.endDate,
          deadline: period.deadline,
          state: row ? (row.done ? 'done' : 'draft') : late ? 'late' : 'todo',
          late,
          declarationId: row?.id ?? null,
          totalAmount: row?.totalAmount ?? null,
        };
      });

    return {
      establishment: {
        id: establishment.id,
        name: establishment.name,
        type: establishment.type,
        capacityMaxPerson: establishment.capacityMaxPerson,
        openingDate: establishment.openingDate,
      },
      year,
      regime: MONTHS.some((month) => calendar.regimeOf(nature, month) === 'FORFAIT') ? 'FORFAIT' : 'REEL',
      forfaitPeriods,
      attestation: attestation
        ? { year: attestation.year, createdAt: attestation.createdAt.toISOString() }
        : null,
      months,
    };
  };
}
