import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase, selectRows } from '../src/db/database';
import { MAIL_ENV, mailTo } from './helpers/account-links';
import { type SmtpCatcher, startSmtpCatcher } from './helpers/smtp-catcher';
import { openTestDatabase } from './helpers/test-app';

/** The durable mail queue: mail survives a restart, is sent once by several instances, and gives up. */

const config = loadConfig({
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/sejour-test-data',
  REMINDERS: 'off',
  ...MAIL_ENV,
});
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.reverse()) await item.close();
  open.length = 0;
});

async function instance(
  database: DatabaseHandle,
  smtp: SmtpCatcher,
  retryDelaysMs: readonly number[],
): Promise<FastifyInstance> {
  const app = await buildApp({
    config,
    database,
    mail: { ...mailTo(smtp), retryDelaysMs, pollMs: 50 },
  });
  await app.ready();
  open.push(app);
  return app;
}

interface JobRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  text_body: string;
  link: string | null;
}
const jobs = (database: DatabaseHandle) =>
  selectRows<JobRow>(
    database.db,
    sql`select id, status, attempts, last_error, text_body, link from mail_jobs order by id`,
  );

async function until<T>(what: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const mail = (to: string, kind = 'test') => ({
  to,
  subject: 'Objet',
  text: `Bonjour ${to}`,
  html: `<p>Bonjour ${to}</p>`,
  meta: { kind, userId: 1 },
  link: 'https://sejour.example.fr/x?token=secret',
});

async function setup() {
  const database = await openTestDatabase();
  open.push(database);
  const smtp = await startSmtpCatcher();
  open.push(smtp);
  return { database, smtp };
}

describe('durable mail queue', () => {
  it('a mail queued before a restart is delivered after it, once, and its content is then cleared', async () => {
    const { database, smtp } = await setup();
    smtp.failNext(1);
    const before = await instance(database, smtp, [60_000]);
    await before.mailer.send(mail('restart@example.test'));
    await until(
      () => jobs(database),
      (rows) => rows[0]?.attempts === 1,
    );
    // The first attempt failed and the next is a minute away: the instance stops with the mail pending.
    await before.close();
    open.splice(open.indexOf(before), 1);
    expect(smtp.mails).toHaveLength(0);
    expect((await jobs(database))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    // A new instance finds it once the back-off is over (moved here to now, as time would).
    await database.db.execute(sql`update mail_jobs set run_at = now()`);
    const after = await instance(database, smtp, [60_000]);
    const caught = await smtp.waitFor((m) => m.to.includes('restart@example.test'));
    expect(caught.subject).toBe('Objet');
    await after.mailer.idle();
    expect(smtp.mails).toHaveLength(1);
    expect((await jobs(database))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
      text_body: '',
      link: null,
    });
  });

  it('a failed send is retried with back-off and finally recorded as failed', async () => {
    const { database, smtp } = await setup();
    const app = await instance(database, smtp, [100, 200]);
    smtp.failNext(3);
    const started = Date.now();
    await app.mailer.send(mail('refused@example.test'));
    await app.mailer.idle();
    const elapsed = Date.now() - started;
    const [row] = await jobs(database);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, text_body: '', link: null });
    expect(row?.last_error).toMatch(/451/);
    // Three attempts with waits of 100 and 200 ms between them.
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(smtp.mails).toHaveLength(0);
  });

  it('a failure then a success: sent on the second attempt', async () => {
    const { database, smtp } = await setup();
    const app = await instance(database, smtp, [50, 50]);
    smtp.failNext(1);
    await app.mailer.send(mail('second@example.test'));
    await app.mailer.idle();
    expect((await jobs(database))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.mails).toHaveLength(1);
  });

  it('two instances on one database send each queued mail exactly once', async () => {
    const { database, smtp } = await setup();
    // A second connection pool to the same database when there is a server; PGlite has one handle.
    const other = process.env.DATABASE_URL ? await reopen(database) : database;
    const a = await instance(database, smtp, [50]);
    const b = await instance(other, smtp, [50]);
    const recipients = Array.from({ length: 30 }, (_, i) => `many${i}@example.test`);
    await Promise.all(recipients.map((to, i) => (i % 2 ? a : b).mailer.send(mail(to))));
    await Promise.all([a.mailer.idle(), b.mailer.idle()]);
    await until(
      () => jobs(database),
      (rows) => rows.every((r) => r.status === 'sent'),
    );
    const counts = new Map<string, number>();
    for (const m of smtp.mails) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    for (const to of recipients) expect(counts.get(to), to).toBe(1);
    expect(smtp.mails).toHaveLength(recipients.length);
  });

  it('with a pace set, the mails of a burst leave one at a time, spaced as it says', async () => {
    const database = await openTestDatabase();
    open.push(database);
    const arrivals: number[] = [];
    const smtp = await startSmtpCatcher(() => arrivals.push(Date.now()));
    open.push(smtp);
    // 300 a minute: one every 200 ms.
    const app = await buildApp({ config, database, mail: { ...mailTo(smtp), perMinute: 300, pollMs: 50 } });
    await app.ready();
    open.push(app);
    for (let i = 0; i < 4; i++) await app.mailer.send(mail(`paced${i}@example.test`));
    await app.mailer.idle();
    expect(arrivals).toHaveLength(4);
    // Three pauses of 200 ms between four sends; an arrival also carries the send's own latency, which
    // varies (the first opens the connection), so the span is what the pace guarantees.
    expect((arrivals[3] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(500);
  });
});

/** Another handle on the same PostgreSQL database, as a second server instance would have. */
async function reopen(database: DatabaseHandle): Promise<DatabaseHandle> {
  const rows = await selectRows<{ db: string }>(database.db, sql`select current_database() as db`);
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${rows[0]?.db}`;
  const handle = await openDatabase({ url: url.toString() });
  open.push(handle);
  return handle;
}
