import { type IsoDate, isoDate, lastDayOfMonth } from '../calendar/dates';
import { type Month, monthsOfSemester, type Semester } from '../calendar/months';
import { formatLongDate } from '../format/display';

function addDays(date: IsoDate, days: number): IsoDate {
  const instant = new Date(`${date}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + days);
  return isoDate(instant.getUTCFullYear(), (instant.getUTCMonth() + 1) as Month, instant.getUTCDate());
}

/** The semester's last day. */
export function semesterEnd(year: number, semester: Semester): IsoDate {
  const months = monthsOfSemester(semester);
  return lastDayOfMonth(year, months[months.length - 1]!);
}

/** The semester's last day plus the collectivity's payment delay: the deadline announced for the semester. */
export function dueDateOf(year: number, semester: Semester, dueDays: number): IsoDate {
  return addDays(semesterEnd(year, semester), dueDays);
}

/**
 * The due date printed on a notice issued on `issuedOn`: the payment delay counted from the issue date, and
 * never before the semester's own deadline. A notice issued late still leaves the host the whole delay, so its
 * due date is never already past when it is issued.
 */
export function noticeDueDate(notice: {
  year: number;
  semester: Semester;
  issuedOn: IsoDate;
  dueDays: number;
}): IsoDate {
  const { year, semester, issuedOn, dueDays } = notice;
  const fromIssue = addDays(issuedOn, dueDays);
  const deadline = dueDateOf(year, semester, dueDays);
  return fromIssue > deadline ? fromIssue : deadline;
}

/** A notice of a semester that is not over yet: its amounts may still grow. */
export function isProvisionalNotice(year: number, semester: Semester, issuedOn: IsoDate): boolean {
  return issuedOn <= semesterEnd(year, semester);
}

/** "30 juillet 2026", "1er août 2026": the one way notices write a date, on screen and on paper. */
export function formatNoticeDate(date: IsoDate): string {
  return formatLongDate(date).replace(/^1 /, '1er ');
}

/** The due-date line of a notice, the same words on screen and on the PDF. */
export function dueDateWording(date: IsoDate): string {
  return `À payer au plus tard le ${formatNoticeDate(date)}`;
}

/** How a provisional notice says so, on screen and on the PDF. */
export const PROVISIONAL_NOTICE = {
  title: 'Avis provisoire des sommes à payer',
  badge: 'Provisoire',
  explanation:
    'Le semestre n’est pas terminé : cet avis est provisoire. Il ne compte que les déclarations terminées à ce jour ; l’avis définitif sera émis après la fin du semestre.',
} as const;
