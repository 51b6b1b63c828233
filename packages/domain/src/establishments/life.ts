import { daysInMonth, type IsoDate, isoDate, type Period } from '../calendar/dates';
import type { Month } from '../calendar/months';
import type { YearMonth } from '../declarations/calendar';
import { type CollectionPeriod, isNightCollected, WHOLE_YEAR } from '../deliberation/periods';
import { lifeMessages } from './life-schemas';

/** Nights an establishment does not let: from `startDate` to `endDate`, both nights included. */
export interface ClosureSpan {
  startDate: IsoDate;
  endDate: IsoDate;
}

/**
 * What the due-month rule reads of an establishment's life (docs/decisions/0148-establishment-lifecycle.md).
 * A night is named by the date of the evening it starts, as everywhere in the tax.
 */
export interface EstablishmentLife {
  /** The first night let; `null` when not known (rows written before it existed, outside the API). */
  openingDate: IsoDate | null;
  /** The first night no longer let (the cessation); `null` while letting. */
  ceasedOn?: IsoDate | null;
  closures?: readonly ClosureSpan[];
}

/**
 * Why a night is not let, or `let`: before the opening, from the cessation on, or inside a closure. The
 * cessation wins over a closure, a closure over the opening, so that a month answers with its most telling
 * reason.
 */
export type NightLife = 'let' | 'before_opening' | 'ceased' | 'closed';

export function nightLife(life: EstablishmentLife, night: IsoDate): NightLife {
  if (life.ceasedOn && night >= life.ceasedOn) return 'ceased';
  if (life.closures?.some((closure) => closure.startDate <= night && night <= closure.endDate))
    return 'closed';
  if (life.openingDate !== null && night < life.openingDate) return 'before_opening';
  return 'let';
}

const REASON_RANK: Record<Exclude<NightLife, 'let'>, number> = { before_opening: 0, closed: 1, ceased: 2 };

/**
 * Whether an establishment has to declare `target`, and if not why: it has to when some night of the month is
 * both let (opened, not closed, not ceased) and inside the collection periods of the deliberation in force
 * (`periods`). Otherwise `outside_period` when no night of the month is collected, else the most telling
 * reason among its collected nights (the cessation, a closure, the opening to come). Whether the month is over
 * is not this rule's business: each caller compares with today as it needs (late, to do, to come).
 */
export type MonthLife = 'due' | 'outside_period' | Exclude<NightLife, 'let'>;

export function monthLife(
  life: EstablishmentLife,
  target: YearMonth,
  periods: readonly CollectionPeriod[] = WHOLE_YEAR,
): MonthLife {
  let reason: MonthLife = 'outside_period';
  for (let day = 1; day <= daysInMonth(target.year, target.month); day++) {
    const night = isoDate(target.year, target.month, day);
    if (!isNightCollected(periods, night)) continue;
    const state = nightLife(life, night);
    if (state === 'let') return 'due';
    if (reason === 'outside_period' || REASON_RANK[state] > REASON_RANK[reason]) reason = state;
  }
  return reason;
}

export function isMonthDue(
  life: EstablishmentLife,
  target: YearMonth,
  periods: readonly CollectionPeriod[] = WHOLE_YEAR,
): boolean {
  return monthLife(life, target, periods) === 'due';
}

/** Whether some night of a dated period (a forfait's collection period) is let. */
export function isPeriodLet(life: EstablishmentLife, period: Period): boolean {
  for (let night = period.beginDate; night <= period.endDate; night = nextDay(night)) {
    if (nightLife(life, night) === 'let') return true;
  }
  return false;
}

/**
 * Why a stay may not be in the register, or null: one of its nights (from the arrival, the departure's excluded)
 * falls in a closure or from the cessation on. A night before the opening is accepted, as a month before it
 * stays declarable.
 */
export function stayLifeRefusal(
  life: Omit<EstablishmentLife, 'closures'> & { closures?: readonly (ClosureSpan & { reason?: string })[] },
  stay: { arrival: IsoDate; departure: IsoDate },
): { code: 'establishment_closed' | 'establishment_ceased'; message: string } | null {
  for (let night = stay.arrival; night < stay.departure; night = nextDay(night)) {
    const state = nightLife(life, night);
    if (state === 'ceased' && life.ceasedOn)
      return { code: 'establishment_ceased', message: lifeMessages.stayCeased(life.ceasedOn) };
    if (state === 'closed') {
      const closure = life.closures?.find((span) => span.startDate <= night && night <= span.endDate);
      return { code: 'establishment_closed', message: lifeMessages.stayClosed(night, closure?.reason ?? '') };
    }
  }
  return null;
}

/** The day after an ISO date. */
export function nextDay(date: IsoDate): IsoDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) as Month;
  const day = Number(date.slice(8, 10));
  if (day < daysInMonth(year, month)) return isoDate(year, month, day + 1);
  return month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, (month + 1) as Month, 1);
}

/** Whether a closure covers every night of a month. */
export function closureCoversMonth(closure: ClosureSpan, target: YearMonth): boolean {
  return (
    closure.startDate <= isoDate(target.year, target.month, 1) &&
    closure.endDate >= isoDate(target.year, target.month, daysInMonth(target.year, target.month))
  );
}

/** The months a closure covers entirely, in order. */
export function monthsCoveredBy(closure: ClosureSpan): YearMonth[] {
  const months: YearMonth[] = [];
  let year = Number(closure.startDate.slice(0, 4));
  let month = Number(closure.startDate.slice(5, 7)) as Month;
  const last = closure.endDate.slice(0, 7);
  while (isoDate(year, month, 1).slice(0, 7) <= last) {
    if (closureCoversMonth(closure, { year, month })) months.push({ year, month });
    if (month === 12) {
      year++;
      month = 1;
    } else month = (month + 1) as Month;
  }
  return months;
}
