import {
  datedPeriodLabel,
  type IsoDate,
  isoDate,
  isoDateIn,
  type MissingDeclaration,
  MONTH_NAMES,
  type Month,
  monthIndex,
  monthOf,
} from '@sejour/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, selectRows } from '../db/database';
import { reminderRuns } from '../db/schema';
import { createMissingDeclarations } from '../declarations';
import { addresseeName } from '../mail/addressee';
import type { Mailer } from '../mail/mailer';
import { reminderMail } from '../mail/templates';
import { createHourlyCheck } from './hourly-check';
import { allMissing, shiftMonth } from './service';

/** How often each instance looks whether this month's reminder is due (it goes out once whatever the count). */
export const REMINDER_CHECK_MS = 60 * 60 * 1000;

export interface MonthlyReminderDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  collectivityName: string;
  /** Day of the month from which the previous month's reminder is sent (1–28). */
  day: number;
  enabled: boolean;
  /**
   * Other work of the same hourly check, run whether or not reminders are enabled (accepted change requests
   * whose day has come). Each must be idempotent: every instance runs it.
   */
  tasks?: ReadonlyArray<{ name: string; run: () => Promise<unknown> }>;
}

export type ReminderOutcome =
  | { sent: false; reason: 'disabled' | 'not_yet' | 'already_sent' }
  | { sent: true; period: string; mails: number };

/**
 * The monthly reminder (docs/decisions/0108-durable-jobs.md): from the configured day on, each host with a
 * month missing for the previous month, or a forfait period whose deadline passed since the last reminder day
 * with nothing declared, gets one mail listing their establishments, their missing months of that year and
 * their forfait periods late. The month's row of `reminder_runs` is inserted in the transaction that queues the mails:
 * with several instances, the first to commit sends, the others find the row and do nothing.
 */
export function createMonthlyReminder(deps: MonthlyReminderDeps) {
  const { db, now, mailer, log } = deps;
  const missing = createMissingDeclarations(db, now);

  async function runIfDue(): Promise<ReminderOutcome> {
    if (!deps.enabled) return { sent: false, reason: 'disabled' };
    const at = now();
    const day = Number(isoDateIn(at).slice(8, 10));
    if (day < deps.day) return { sent: false, reason: 'not_yet' };
    const target = shiftMonth(monthOf(at), -1);
    const period = `${target.year}-${String(target.month).padStart(2, '0')}`;
    const done = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from reminder_runs where period = ${period}`,
    );
    if (Number(done[0]?.n ?? 0) > 0) return { sent: false, reason: 'already_sent' };

    // One read of the year's missing months and late forfait periods (and of next year's, whose periods may
    // start in January with a deadline in December).
    const years = target.month >= 11 ? [target.year, target.year + 1] : [target.year];
    const missingOfYears = (await Promise.all(years.map((year) => allMissing(missing, { year })))).flat();
    const window = reminderWindow(target, deps.day);
    // What this run reminds of: the previous month missing, and the forfait periods whose deadline passed since
    // the previous run's day (each deadline falls in one run's window, so a period triggers one run).
    const ofTheMonth = new Set(
      missingOfYears
        .filter((m) => !m.forfaitPeriod && m.year === target.year && m.month === target.month)
        .map((m) => m.userId),
    );
    const hosts = new Set([
      ...ofTheMonth,
      ...missingOfYears
        .filter(
          (m) =>
            m.forfaitPeriod &&
            m.forfaitPeriod.deadline >= window.from &&
            m.forfaitPeriod.deadline < window.to,
        )
        .map((m) => m.userId),
    ]);
    // Each host's other missing months of that year, and late forfait periods, come with the reminder, so one
    // mail says everything.
    const ofTheYear = missingOfYears.filter(
      (m) =>
        hosts.has(m.userId) &&
        (m.forfaitPeriod !== null || (m.year === target.year && monthIndex(m) <= monthIndex(target))),
    );
    const recipients =
      hosts.size === 0
        ? []
        : await selectRows<{
            id: number;
            email: string;
            username: string;
            firstname: string | null;
            lastname: string | null;
          }>(
            db,
            sql`select id, email, username, firstname, lastname from users
                where id in (${sql.join(
                  [...hosts].map((id) => sql`${id}`),
                  sql`, `,
                )})`,
          );

    const mails = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(reminderRuns)
        .values({ period, mails: recipients.length })
        .onConflictDoNothing()
        .returning({ period: reminderRuns.period });
      if (claimed.length === 0) return null;
      for (const user of recipients) {
        const byEstablishment = new Map<string, MissingDeclaration[]>();
        for (const m of ofTheYear.filter((x) => x.userId === user.id)) {
          const key = `${m.establishmentId}\u0000${m.establishmentName}`;
          byEstablishment.set(key, [...(byEstablishment.get(key) ?? []), m]);
        }
        const lines = [...byEstablishment.entries()]
          .map(([key, months]) => ({
            establishment: key.split('\u0000')[1] ?? '',
            months: months.sort((a, b) => monthIndex(a) - monthIndex(b)).map(missingLabel),
          }))
          .sort((a, b) => a.establishment.localeCompare(b.establishment, 'fr'));
        const link = `${deps.publicUrl}/home`;
        const content = reminderMail({
          collectivity: deps.collectivityName,
          name: addresseeName(user),
          username: user.username,
          link,
          monthLabel: ofTheMonth.has(user.id) ? `${MONTH_NAMES[target.month]} ${target.year}` : null,
          lines,
        });
        await mailer.send(
          { to: user.email, ...content, meta: { kind: 'reminder', userId: user.id }, link },
          tx,
        );
      }
      return recipients.length;
    });
    if (mails === null) return { sent: false, reason: 'already_sent' };
    mailer.wake();
    log.info({ period, mails }, 'monthly reminder queued');
    return { sent: true, period, mails };
  }

  /** The other tasks of the check, one after the other; a failure is logged and the next check tries again. */
  async function runTasks(): Promise<void> {
    for (const task of deps.tasks ?? []) {
      await task.run().catch((err: unknown) => log.error({ err, task: task.name }, 'scheduled task failed'));
    }
  }

  const hourly = createHourlyCheck({
    everyMs: REMINDER_CHECK_MS,
    log,
    failure: 'scheduled tasks failed',
    // The reminder's failure does not keep the other tasks from running.
    work: () =>
      runIfDue()
        .catch((err: unknown) => log.error({ err }, 'monthly reminder failed'))
        .then(runTasks),
  });

  return {
    runIfDue,
    runTasks,
    /** Checks now and then every hour (nothing when disabled and without other tasks). */
    start() {
      if (deps.enabled || (deps.tasks ?? []).length > 0) hourly.start();
    },
    stop: hourly.stop,
  };
}

/** « février 2026 », or « période au forfait du 1er janvier 2026 au 31 décembre 2026 ». */
function missingLabel(m: MissingDeclaration): string {
  return m.forfaitPeriod
    ? `période au forfait ${datedPeriodLabel({ beginDate: m.forfaitPeriod.periodStart, endDate: m.forfaitPeriod.periodEnd })}`
    : `${MONTH_NAMES[m.month]} ${m.year}`;
}

/**
 * The deadlines a run reminds of: from the reminder day of the target month (the previous run's) to the one of
 * the month after (this run's), the last excluded.
 */
function reminderWindow(target: { year: number; month: Month }, day: number): { from: IsoDate; to: IsoDate } {
  const next = shiftMonth(target, 1);
  return { from: isoDate(target.year, target.month, day), to: isoDate(next.year, next.month, day) };
}

export type MonthlyReminder = ReturnType<typeof createMonthlyReminder>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The monthly reminder (tests run it with `app.reminders.runIfDue()`). */
    reminders: MonthlyReminder;
    /** Change requests (tests apply the due ones with `app.changeRequests.applyDue()`). */
    changeRequests: import('../change-requests').ChangeRequestsService;
  }
}
