import { type IsoDate, isoDate, lastDayOfMonth } from '../calendar/dates';
import { type Month, monthsOfSemester, type Semester } from '../calendar/months';

/** The semester's last day plus the collectivity's payment delay. */
export function dueDateOf(year: number, semester: Semester, dueDays: number): IsoDate {
  const months = monthsOfSemester(semester);
  const last = lastDayOfMonth(year, months[months.length - 1]!);
  const date = new Date(`${last}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + dueDays);
  return isoDate(date.getUTCFullYear(), (date.getUTCMonth() + 1) as Month, date.getUTCDate());
}
