import { z } from 'zod';
import { firstDayOfMonth, type IsoDate } from '../calendar/dates';
import type { YearMonth } from '../declarations/calendar';
import {
  classificationLapsesOn,
  type Nature,
  natureClassificationLabel,
  natureSchema,
  type Stars,
  starsOnNight,
  starsSchema,
  typeOfNature,
} from '../deliberation/natures';
import type { EstablishmentType } from './types';

/**
 * An establishment's classification over time (docs/decisions/0149-classification-history.md): each change
 * of its nature, stars or decision date is recorded with the day from which it applies. A decision holds five
 * years (`classificationLapsesOn`); past it the establishment is taxed as unclassified for its nature until a
 * new decision is entered. A month is taxed with the classification in force on its first day.
 */

/** How many days before a classification lapses the host and the admins are told. */
export const CLASSIFICATION_NOTICE_DAYS = 90;

/** One recorded classification: what it was, and from which day it applies. */
export interface ClassificationRecord {
  nature: Nature | null;
  stars: Stars | null;
  classifiedOn: IsoDate | null;
  effectiveFrom: IsoDate;
}

/** The nature and classification a month is taxed with (`stars` null once the decision has lapsed). */
export interface MonthClassification {
  nature: Nature | null;
  stars: Stars | null;
}

/** What an establishment stores today: its grid row and, when known, the nature behind it. */
export interface CurrentClassification {
  type: EstablishmentType | null;
  nature: Nature | null;
  stars: Stars | null;
  classifiedOn: IsoDate | null;
}

/**
 * The record in force on `day`, from `history` in the order it was recorded: a later record overrides the
 * earlier ones from its `effectiveFrom` on (a corrected decision date may move it back). Before every record,
 * the one that applies first: nothing earlier is known. `null` when there is no history at all.
 */
export function classificationRecordOn<T extends ClassificationRecord>(
  history: readonly T[],
  day: IsoDate,
): T | null {
  let inForce: T | null = null;
  let earliest: T | null = null;
  for (const record of history) {
    if (record.effectiveFrom <= day) inForce = record;
    if (earliest === null || record.effectiveFrom < earliest.effectiveFrom) earliest = record;
  }
  return inForce ?? earliest;
}

/**
 * The nature and classification month `target` is taxed with: those in force on its first day, the stars only
 * while the decision holds that day (decided on or before it, not lapsed). A change or a lapse during the
 * month takes effect on the next month. Without history, `null`: the caller uses what is stored today.
 */
export function classificationOfMonth(
  history: readonly ClassificationRecord[],
  target: YearMonth,
): MonthClassification | null {
  const first = firstDayOfMonth(target.year, target.month);
  const record = classificationRecordOn(history, first);
  if (!record) return null;
  return { nature: record.nature, stars: record.nature ? starsOnNight(record, first) : null };
}

/**
 * The grid row month `target` is taxed with: the row of its classification (`classificationOfMonth`, or what is
 * stored today with the same lapse rule when there is no history); the stored `type` when no nature is known
 * (a row kept from before natures, whose type was chosen as such).
 */
export function typeOfMonth(
  current: CurrentClassification,
  history: readonly ClassificationRecord[],
  target: YearMonth,
): EstablishmentType | null {
  const classification =
    classificationOfMonth(history, target) ??
    classificationOfMonth(
      [{ ...current, effectiveFrom: firstDayOfMonth(target.year, target.month) }],
      target,
    );
  if (!classification?.nature) return current.type;
  return typeOfNature(classification.nature, classification.stars);
}

/** The classification stored today with the stars of month `target` (none once lapsed), for its row au forfait. */
export function natureOfMonth(
  current: CurrentClassification,
  history: readonly ClassificationRecord[],
  target: YearMonth,
): MonthClassification {
  return (
    classificationOfMonth(history, target) ?? {
      nature: current.nature,
      stars: starsOnNight(current, firstDayOfMonth(target.year, target.month)),
    }
  );
}

/** `date` moved by `days` days. */
function shiftDays(date: IsoDate, days: number): IsoDate {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The day the host and the admins are told that a classification decided on `classifiedOn` will lapse. */
export function classificationNoticeOn(classifiedOn: IsoDate): IsoDate {
  return shiftDays(classificationLapsesOn(classifiedOn), -CLASSIFICATION_NOTICE_DAYS);
}

/** The lapse of today's classification, as Home shows it: from the notice day on; none when not classified. */
export const classificationLapseSchema = z.object({
  /** The first day the decision no longer holds (`yyyy-mm-dd`). */
  lapsesOn: z.string(),
  lapsed: z.boolean(),
});
export type ClassificationLapse = z.infer<typeof classificationLapseSchema>;

/** How many lapses the admins' Home lists at most. */
export const DASHBOARD_LAPSES = 50;

export function classificationLapseNotice(
  current: { stars: Stars | null; classifiedOn: IsoDate | null },
  today: IsoDate,
): ClassificationLapse | null {
  if (current.stars === null || current.classifiedOn === null) return null;
  if (today < classificationNoticeOn(current.classifiedOn)) return null;
  const lapsesOn = classificationLapsesOn(current.classifiedOn);
  return { lapsesOn, lapsed: today >= lapsesOn };
}

/** The lapse date of a stored classification; none when unclassified or without a decision date. */
export function lapseOfClassification(current: {
  stars: Stars | null;
  classifiedOn: IsoDate | null;
}): IsoDate | null {
  return current.stars !== null && current.classifiedOn !== null
    ? classificationLapsesOn(current.classifiedOn)
    : null;
}

/** One entry of an establishment's classification history, as its page shows it. */
export const classificationEntrySchema = z.object({
  nature: natureSchema.nullable(),
  stars: starsSchema.nullable(),
  classifiedOn: z.string().nullable(),
  /** The day from which it applies (`yyyy-mm-dd`). */
  effectiveFrom: z.string(),
  /** The day its decision lapses, when classified with a known decision date. */
  lapsesOn: z.string().nullable(),
  /** "Meublé de tourisme — 3 étoiles"; `null` without a nature. */
  label: z.string().nullable(),
  recordedAt: z.string(),
  /** Who recorded it (name), `null` when not known (the migration, a deleted account). */
  recordedBy: z.string().nullable(),
});
export type ClassificationEntry = z.infer<typeof classificationEntrySchema>;

/** The label of a record's classification, `null` without a nature. */
export function classificationLabel(record: { nature: Nature | null; stars: Stars | null }): string | null {
  return record.nature ? natureClassificationLabel(record.nature, record.stars) : null;
}
