import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type Database, type Executor, selectRows } from '../db/database';
import { mailJobs } from '../db/schema';
import { outboxTransport } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** For the logs: what the mail is and whom it concerns (never its content nor the address). */
  meta: { kind: string; userId: number };
  /** The link the mail carries: logged in outbox mode when `logLinks` says so (development). */
  link?: string;
}

export interface Mailer {
  /** `smtp` (SMTP_URL), `outbox` (`DATA_DIR/outbox/*.eml`), or a transport given by the caller (tests). */
  readonly kind: 'smtp' | 'outbox' | 'injected';
  /**
   * Puts a message on the durable queue (a row of `mail_jobs`, in the caller's transaction when one is
   * given) and wakes the worker. Delivery, and its retries, go on after the request has answered, on this
   * instance or another, and survive a restart: a mail server's failure never reaches the caller.
   */
  send(message: MailMessage, executor?: Executor): Promise<void>;
  /**
   * Runs work that prepares mail off the request path (e.g. so an answer takes the same time whether or
   * not there was anything to send). `idle()` waits for it too; a failure is logged, never thrown.
   */
  defer(work: () => Promise<void>): void;
  /** Resolves when every queued message is delivered or given up (tests). */
  idle(): Promise<void>;
  /** Tries the due messages now (after a commit that queued some outside `send`). */
  wake(): void;
  /** Stops taking messages off the queue and waits for the attempt under way; what is left stays queued. */
  close(): Promise<void>;
}

/** Waits between attempts: 4 attempts over about 2½ minutes. */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000];
/** How often an idle worker looks for mail queued by another instance or due after a back-off. */
export const DEFAULT_POLL_MS = 10_000;
/** How long a claimed message is this instance's: past it (the instance died mid-send), another retries. */
const LEASE_SECONDS = 120;

export interface MailerOptions {
  db: Database;
  from: string;
  log: FastifyBaseLogger;
  /** A ready transport (tests pass one to an in-process SMTP server); else from `smtpUrl`/`outboxDir`. */
  transport?: Transporter;
  smtpUrl?: string | undefined;
  /** Without SMTP, whether each mail's link is logged with the outbox file (never in production). */
  logLinks?: boolean;
  /** `DATA_DIR`: without SMTP_URL, mails go to `DATA_DIR/outbox`. */
  dataDir: string;
  retryDelaysMs?: readonly number[];
  pollMs?: number;
  /** At most this many sends a minute from this instance (`MAIL_PER_MINUTE`); 0 or absent: no pause. */
  perMinute?: number;
}

interface ClaimedJob {
  id: number;
  kind: string;
  user_id: number | null;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  attempts: number;
}

/** Mail from a durable queue in the database (docs/decisions/0108-durable-jobs.md). */
export function createMailer(options: MailerOptions): Mailer {
  const { log, db } = options;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const spacingMs = options.perMinute ? 60_000 / options.perMinute : 0;
  /** When the last send was tried: the next waits `spacingMs` after it. */
  let lastSendAt = Number.NEGATIVE_INFINITY;
  const kind: Mailer['kind'] = options.transport ? 'injected' : options.smtpUrl ? 'smtp' : 'outbox';
  const outboxDir = join(options.dataDir, 'outbox');
  const transport: Transporter =
    options.transport ??
    (options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport(outboxTransport(outboxDir)));

  const deferred = new Set<Promise<void>>();
  let closed = false;
  let draining: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  /** Takes one due message, for this instance only, and counts the attempt. */
  async function claim(): Promise<ClaimedJob | undefined> {
    const rows = await selectRows<ClaimedJob>(
      db,
      sql`update mail_jobs set attempts = attempts + 1,
            locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
          where id = (
            select id from mail_jobs
            where status = 'pending' and run_at <= now() and (locked_until is null or locked_until < now())
            order by run_at, id limit 1
            for update skip locked)
          returning id, kind, user_id, recipient, subject, text_body, html_body, link, attempts`,
    );
    return rows[0];
  }

  async function attempt(job: ClaimedJob): Promise<void> {
    const context = { mail: job.kind, userId: job.user_id, mailId: job.id, attempt: job.attempts };
    try {
      const info = await transport.sendMail({
        from: options.from,
        to: job.recipient,
        subject: job.subject,
        text: job.text_body,
        html: job.html_body,
      });
      // The content is cleared once sent: it may carry a one-use link, and the row stays as a record.
      await db.execute(
        sql`update mail_jobs set status = 'sent', finished_at = now(), locked_until = null, last_error = null,
              text_body = '', html_body = '', link = null where id = ${job.id}`,
      );
      if (kind === 'outbox') {
        log.info(
          {
            ...context,
            file: (info as { path?: string }).path,
            ...(options.logLinks && job.link ? { link: job.link } : {}),
          },
          'mail written to the outbox',
        );
      } else {
        log.info(context, 'mail sent');
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
      const delay = retryDelays[job.attempts - 1];
      if (delay === undefined) {
        await db.execute(
          sql`update mail_jobs set status = 'failed', finished_at = now(), locked_until = null,
                last_error = ${reason}, text_body = '', html_body = '', link = null where id = ${job.id}`,
        );
        log.error({ ...context, err: error }, 'mail not sent: giving up');
        return;
      }
      await db.execute(
        sql`update mail_jobs set locked_until = null, last_error = ${reason},
              run_at = now() + make_interval(secs => ${delay / 1000}) where id = ${job.id}`,
      );
      log.warn({ ...context, err: error, retryInMs: delay }, 'mail not sent: will retry');
    }
  }

  /** Waits until the pace allows the next send (the queue stays in the database meanwhile). */
  async function paced(): Promise<void> {
    while (!closed) {
      const wait = lastSendAt + spacingMs - Date.now();
      if (wait <= 0) return;
      // In short steps, so that closing the mailer does not wait for a long pause to end.
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 250)));
    }
  }

  /** Sends every due message, one at a time; a call while draining makes it look once more. */
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        while (!closed) {
          await paced();
          if (closed) break;
          const job = await claim();
          if (!job) break;
          lastSendAt = Date.now();
          await attempt(job);
        }
      } while (again && !closed);
    })()
      .catch((err: unknown) => log.error({ err }, 'mail queue: worker failed'))
      .finally(() => {
        draining = null;
        schedule();
      });
    return draining;
  }

  /** Looks again at the next retry's time, or after the poll interval, whichever comes first. */
  function schedule(): void {
    if (closed) return;
    clearTimeout(timer);
    void selectRows<{ wait: number | null }>(
      db,
      sql`select extract(epoch from (min(run_at) - now())) * 1000 as wait
          from mail_jobs where status = 'pending'`,
    )
      .then((rows) => {
        if (closed) return;
        const next = rows[0]?.wait;
        const wait =
          next === null || next === undefined ? pollMs : Math.min(pollMs, Math.max(0, Number(next)));
        clearTimeout(timer);
        timer = setTimeout(() => void drain(), wait + 5);
        timer.unref();
      })
      .catch(() => {
        if (closed) return;
        timer = setTimeout(() => void drain(), pollMs);
        timer.unref();
      });
  }

  // Mail left by an earlier run (or another instance) goes out without waiting for a new one.
  void drain();

  return {
    kind,
    async send(message, executor = db) {
      await executor.insert(mailJobs).values({
        kind: message.meta.kind,
        userId: message.meta.userId,
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        link: message.link ?? null,
      });
      if (executor === db) void drain();
    },
    wake() {
      void drain();
    },
    defer(work) {
      const task = work()
        .catch((err: unknown) => options.log.error({ err }, 'deferred mail work failed'))
        .finally(() => deferred.delete(task));
      deferred.add(task);
    },
    async idle() {
      for (;;) {
        while (deferred.size > 0) await Promise.all([...deferred]);
        await drain();
        const rows = await selectRows<{ n: number; wait: number | null }>(
          db,
          sql`select count(*)::int as n, extract(epoch from (min(run_at) - now())) * 1000 as wait
              from mail_jobs where status = 'pending'`,
        );
        const pending = rows[0];
        if (!pending || pending.n === 0 || closed) return;
        await new Promise((resolve) => setTimeout(resolve, Math.max(5, Number(pending.wait ?? 0) + 5)));
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      while (deferred.size > 0) await Promise.all([...deferred]);
      await draining;
      transport.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's mailer (tests wait for its deliveries with `app.mailer.idle()`). */
    mailer: Mailer;
  }
}
