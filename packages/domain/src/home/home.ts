import { z } from 'zod';
import { monthSchema, semesterSchema } from '../calendar/months';
import { forfaitPeriodRefSchema } from '../declarations/forfait';
import { exemptionsByReasonSchema } from '../deliberation/exemptions';
import { classificationLapseSchema } from '../establishments/classification';
import { componentTotalsSchema } from '../resume/components';

/**
 * A month an establishment still has to declare: past and empty (`late`), or the current one (`todo`). Au
 * forfait, a collection period instead, on the month it starts (`forfaitPeriod`; null for a month).
 */
export const homeMonthSchema = z.object({
  year: z.number().int(),
  month: monthSchema,
  forfaitPeriod: forfaitPeriodRefSchema.nullable(),
});

/** What one of the host's establishments asks of them. */
export const homeEstablishmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /**
   * Past months with nothing declared, oldest first (the declarations' own rule of a missing month), and the
   * forfait periods whose deadline passed with nothing declared, on the month they start.
   */
  late: z.array(homeMonthSchema),
  /** Declarations begun and not marked done. */
  drafts: z.array(homeMonthSchema.extend({ declarationId: z.number().int() })),
  /**
   * Its classification's lapse, from 90 days before it (decision 0149): the day the decision no longer holds,
   * and whether that day has come. `null` outside that window, or when not classified with a decision date.
   */
  classificationLapse: classificationLapseSchema.nullable(),
});

/** `GET home/host`: what the host has to do next. */
export const hostHomeSchema = z.object({
  establishments: z.array(homeEstablishmentSchema),
  /** The next payment deadline of a semester (the current one's, or the last one's while still ahead). */
  nextDue: z.object({ date: z.string(), year: z.number().int(), semester: semesterSchema }).nullable(),
  /** The latest semester with declarations marked done: its notice can be downloaded. */
  latestNotice: z
    .object({ year: z.number().int(), semester: semesterSchema, totalAmount: z.number().int() })
    .nullable(),
});
export type HostHome = z.output<typeof hostHomeSchema>;

/** One bar of a chart: a label and its two figures. */
export const dashboardPointSchema = z.object({
  key: z.string(),
  nights: z.number(),
  /** In cents. */
  tax: z.number(),
});
export type DashboardPoint = z.output<typeof dashboardPointSchema>;

/** `GET home/dashboard`: the admins' figures, each an SQL aggregate. */
export const dashboardSchema = z.object({
  counts: z.object({
    providers: z.number().int(),
    establishments: z.number().int(),
    /** Declarations marked done during the current month. */
    doneThisMonth: z.number().int(),
    /** Establishments × last month with nothing declared. */
    missingLastMonth: z.number().int(),
  }),
  /** The last twelve months, oldest first; `key` is `YYYY-MM`. */
  byMonth: z.array(dashboardPointSchema),
  /** Over the same twelve months; `key` is the establishment type, or `''` when not specified. */
  byType: z.array(dashboardPointSchema),
  /** Over the same twelve months, the largest communes first (at most 12, the rest summed as `…`). */
  byCommune: z.array(dashboardPointSchema),
  /** Over the same twelve months, each additional component's amount, in cents. */
  byComponent: componentTotalsSchema,
  /**
   * Over the same twelve months, the exempted person-nights by legal reason, and those of declarations made
   * before reasons were recorded (their exempted total, no reason).
   */
  exempted: z.object({
    byReason: exemptionsByReasonSchema,
    withoutReason: z.number().int(),
  }),
  /**
   * Establishments whose classification lapses within 90 days or has lapsed without a new decision, the
   * earliest lapse first (at most `DASHBOARD_LAPSES`).
   */
  classificationLapses: z.array(
    classificationLapseSchema.extend({ establishmentId: z.number().int(), name: z.string() }),
  ),
});
export type Dashboard = z.output<typeof dashboardSchema>;
