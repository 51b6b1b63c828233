import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { outboxTransport } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** For the logs: what the mail is and whom it concerns (never its content nor the address). */
  meta: { kind: string; userId: number };
  /** The link the mail carries: logged in outbox mode, so the embedded mode works with no mail server. */
  link?: string;
}

export interface Mailer {
  /** `smtp` (SMTP_URL), `outbox` (`DATA_DIR/outbox/*.eml`), or a transport given by the caller (tests). */
  readonly kind: 'smtp' | 'outbox' | 'injected';
  /**
   * Queues a message and returns at once: delivery, and its retries, go on after the request has answered,
   * so a mail server's failure or slowness never reaches the caller (who may simply ask again).
   */
  send(message: MailMessage): void;
  /**
   * Runs work that prepares mail off the request path (e.g. so an answer takes the same time whether or
   * not there was anything to send). `idle()` waits for it too; a failure is logged, never thrown.
   */
  defer(work: () => Promise<void>): void;
  /** Resolves when every queued message is delivered or given up (tests; shutdown). */
  idle(): Promise<void>;
  /** Stops retrying (each pending message makes no further attempt), waits for the attempts under way. */
  close(): Promise<void>;
}

/** Waits between attempts: 4 attempts over about 2½ minutes. */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000];

export interface MailerOptions {
  from: string;
  log: FastifyBaseLogger;
  /** A ready transport (tests pass one to an in-process SMTP server); else from `smtpUrl`/`outboxDir`. */
  transport?: Transporter;
  smtpUrl?: string | undefined;
  /** `DATA_DIR`: without SMTP_URL, mails go to `DATA_DIR/outbox`. */
  dataDir: string;
  retryDelaysMs?: readonly number[];
}

export function createMailer(options: MailerOptions): Mailer {
  const { log } = options;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const kind: Mailer['kind'] = options.transport ? 'injected' : options.smtpUrl ? 'smtp' : 'outbox';
  const outboxDir = join(options.dataDir, 'outbox');
  const transport: Transporter =
    options.transport ??
    (options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport(outboxTransport(outboxDir)));

  const pending = new Set<Promise<void>>();
  let closed = false;
  const sleepers = new Set<() => void>();

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  }

  async function deliver(message: MailMessage): Promise<void> {
    const context = { mail: message.meta.kind, userId: message.meta.userId };
    for (let attempt = 1; ; attempt++) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        if (kind === 'outbox') {
          log.info(
            { ...context, file: (info as { path?: string }).path, link: message.link },
            'mail written to the outbox',
          );
        } else {
          log.info({ ...context, attempt }, 'mail sent');
        }
        return;
      } catch (error) {
        const delay = retryDelays[attempt - 1];
        if (delay === undefined || closed) {
          log.error({ ...context, attempt, err: error }, 'mail not sent: giving up');
          return;
        }
        log.warn({ ...context, attempt, err: error, retryInMs: delay }, 'mail not sent: will retry');
        await sleep(delay);
        if (closed) {
          log.error({ ...context, attempt }, 'mail not sent: shutting down');
          return;
        }
      }
    }
  }

  return {
    kind,
    send(message) {
      const delivery = deliver(message).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    defer(work) {
      const task = work()
        .catch((err: unknown) => options.log.error({ err }, 'deferred mail work failed'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      closed = true;
      for (const wake of [...sleepers]) wake();
      await this.idle();
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
