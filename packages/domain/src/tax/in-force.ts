import { firstDayOfMonth, type IsoDate, lastDayOfMonth, type Period } from '../calendar/dates';
import type { Month } from '../calendar/months';

/**
 * The tax is due per night, at the tariff in force that night. A night is named by the date of the evening it
 * starts (the night of 31 December to 1 January is a December night, as in a stay's split by month), and the
 * pricing in force on it is the one whose period holds that date. Periods never overlap, so there is at most one.
 * Declarations, the register (a stay's tax and its export), the simulator and the calculator all ask here.
 */
export function pricingOfNight<P extends Period>(pricings: readonly P[], night: IsoDate): P | undefined {
  return pricings.find((pricing) => pricing.beginDate <= night && night <= pricing.endDate);
}

/**
 * The pricing in force on every night of a month, or none when its nights do not share one: a declaration is
 * one month's totals, computed with one table (a period holding the first and the last night holds them all).
 */
export function pricingOfMonth<P extends Period>(
  pricings: readonly P[],
  year: number,
  month: Month,
): P | undefined {
  const first = pricingOfNight(pricings, firstDayOfMonth(year, month));
  return first && pricingOfNight([first], lastDayOfMonth(year, month)) ? first : undefined;
}
