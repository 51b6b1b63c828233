import {
  type CollectionPeriod,
  firstDayOfMonth,
  isPeriodLet,
  lastDayOfMonth,
  lifeMessages,
  monthLife,
  type Period,
  periodsOverlap,
  stayLifeRefusal,
  type YearMonth,
} from '@sejour/domain';
import type { Executor } from '../db/database';
import { AppError } from '../http/errors';
import { createLifecycleRepository } from './life-repository';

/**
 * Refuses a declaration of a month with no night let: closed every night that counts (the closures' reasons
 * given), or after the cessation. A month before the opening stays declarable, as it always was.
 */
export async function assertMonthLet(
  executor: Executor,
  establishmentId: number,
  target: YearMonth,
  periods: readonly CollectionPeriod[],
): Promise<void> {
  const life = await createLifecycleRepository(executor).life(establishmentId);
  if (!life) return;
  const state = monthLife(life, target, periods);
  if (state === 'ceased' && life.ceasedOn)
    throw new AppError('establishment_ceased', { message: lifeMessages.monthCeased(target, life.ceasedOn) });
  if (state === 'closed') {
    const month: Period = {
      beginDate: firstDayOfMonth(target.year, target.month),
      endDate: lastDayOfMonth(target.year, target.month),
    };
    const reasons = life.closures
      .filter((closure) => periodsOverlap(month, { beginDate: closure.startDate, endDate: closure.endDate }))
      .map((closure) => closure.reason);
    throw new AppError('establishment_closed', {
      message: lifeMessages.monthClosed(target, [...new Set(reasons)].join(', ')),
    });
  }
}

/** Refuses a forfait declaration of a collection period with no night let. */
export async function assertPeriodLet(
  executor: Executor,
  establishmentId: number,
  period: Period,
): Promise<void> {
  const life = await createLifecycleRepository(executor).life(establishmentId);
  if (life && !isPeriodLet(life, period))
    throw new AppError('establishment_closed', {
      message: lifeMessages.periodClosed(period.beginDate, period.endDate),
    });
}

/**
 * What refuses stays of the register on nights not let (a closure, the cessation): read once per write, then
 * asked for each stay — the reason's message, or undefined when the stay's nights are let.
 */
export async function stayRefusals(
  executor: Executor,
  establishmentId: number,
): Promise<
  (stay: {
    arrival: string;
    departure: string;
  }) => { code: 'establishment_closed' | 'establishment_ceased'; message: string } | undefined
> {
  const life = await createLifecycleRepository(executor).life(establishmentId);
  return (stay) => (life ? (stayLifeRefusal(life, stay) ?? undefined) : undefined);
}
