import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase, selectRows } from '../src/db/database';
import { useApp } from './fixture';
import { MAIL_ENV, mailTo, PUBLIC_URL } from './helpers/account-links';
import { createDeclarationScene, declarationCalls, insertEstablishment } from './helpers/declarations';
import { createTestApp } from './helpers/test-app';

/**
 * Home's figures and the monthly reminder. The clock is 15 March 2026; host A has « Gîte des Mirabelles »
 * (January done, February missing, March a draft) and « Chambre du Lac » (nothing declared); host B has
 * « Hôtel de la Gare » (January and February done).
 */
// Reminders on, from the 20th: the check at start (the 15th) sends nothing; the tests move the clock on.
const t = useApp({ mail: true, env: { REMINDERS: 'on', REMINDER_DAY: '20' } });
let scene: Awaited<ReturnType<typeof createDeclarationScene>>;
const calls = declarationCalls(() => t);
const ids = { gite: 0, chambre: 0, hotel: 0, marchDraft: 0 };
let hostAEmail = '';
let hostBEmail = '';

beforeAll(async () => {
  scene = await createDeclarationScene(t);
  const users = await selectRows<{ id: number; email: string }>(
    t.database.db,
    sql`select id, email from users`,
  );
  hostAEmail = users.find((u) => u.id === scene.ids.hostA)?.email ?? '';
  hostBEmail = users.find((u) => u.id === scene.ids.hostB)?.email ?? '';
  ids.gite = (await insertEstablishment(t, scene.ids.hostA, { name: 'Gîte des Mirabelles' })).id;
  ids.chambre = (
    await insertEstablishment(t, scene.ids.hostA, { name: 'Chambre du Lac', type: 'HOTEL_1' })
  ).id;
  ids.hotel = (await insertEstablishment(t, scene.ids.hostB, { name: 'Hôtel de la Gare' })).id;
  const declare = async (
    token: string,
    establishmentId: number,
    month: number,
    nights: number,
    done: boolean,
  ) => {
    const res = await calls.create(token, {
      establishmentId,
      year: 2026,
      month,
      personCount: 2,
      nightsCount: nights,
      exemptedCount: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    if (done) expect((await calls.done(token, id)).statusCode).toBe(200);
    return id;
  };
  await declare(scene.tokens.hostA, ids.gite, 1, 100, true);
  ids.marchDraft = await declare(scene.tokens.hostA, ids.chambre, 3, 10, false);
  await declare(scene.tokens.hostB, ids.hotel, 1, 40, true);
  await declare(scene.tokens.hostB, ids.hotel, 2, 60, true);
  // Marked done "now" on the tests' clock (the server stamps the wall clock).
  await t.database.db.execute(sql`update declarations set done_at = '2026-03-10T10:00:00Z' where done`);
});

describe('the host’s Home', () => {
  it('lists, per own establishment, the late months and the drafts; the next due date; the latest notice', async () => {
    const res = await t.call({ method: 'GET', url: '/api/home/host', token: scene.tokens.hostA });
    expect(res.statusCode, res.body).toBe(200);
    const home = res.json().data;
    expect(home.establishments).toEqual([
      {
        id: ids.chambre,
        name: 'Chambre du Lac',
        late: [
          { year: 2026, month: 1, forfaitPeriod: null },
          { year: 2026, month: 2, forfaitPeriod: null },
        ],
        drafts: [{ declarationId: ids.marchDraft, year: 2026, month: 3, forfaitPeriod: null }],
        classificationLapse: null,
      },
      {
        id: ids.gite,
        name: 'Gîte des Mirabelles',
        late: [{ year: 2026, month: 2, forfaitPeriod: null }],
        drafts: [],
        classificationLapse: null,
      },
    ]);
    // 30 days after the first semester: 30 July 2026.
    expect(home.nextDue).toEqual({ year: 2026, semester: 1, date: '2026-07-30' });
    expect(home.latestNotice).toMatchObject({ year: 2026, semester: 1 });
    expect(home.latestNotice.totalAmount).toBeGreaterThan(0);
  });

  it('nothing to do: empty lists; another host’s establishments never show', async () => {
    const res = await t.call({ method: 'GET', url: '/api/home/host', token: scene.tokens.hostB });
    const home = res.json().data;
    expect(home.establishments).toEqual([
      { id: ids.hotel, name: 'Hôtel de la Gare', late: [], drafts: [], classificationLapse: null },
    ]);
  });
});

describe('the admins’ dashboard', () => {
  it('counts and twelve months of figures, by month, type and commune', async () => {
    const res = await t.call({ method: 'GET', url: '/api/home/dashboard', token: scene.tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.counts).toEqual({ providers: 2, establishments: 3, doneThisMonth: 3, missingLastMonth: 2 });
    expect(data.byMonth).toHaveLength(12);
    expect(data.byMonth[0].key).toBe('2025-04');
    expect(data.byMonth[11].key).toBe('2026-03');
    const jan = data.byMonth.find((p: { key: string }) => p.key === '2026-01');
    const feb = data.byMonth.find((p: { key: string }) => p.key === '2026-02');
    expect(jan.nights).toBe(140);
    expect(feb.nights).toBe(60);
    // HOTEL_3 at 1.50 € + 10 %: 200 taxable person-nights × 165 cents.
    expect(data.byType).toEqual([{ key: 'HOTEL_3', nights: 200, tax: 200 * 165 }]);
    expect(data.byCommune).toEqual([{ key: 'Metz', nights: 200, tax: 200 * 165 }]);
    expect(jan.tax + feb.tax).toBe(200 * 165);
  });

  it('keeps a reclassified establishment’s declared months under the category they were charged at', async () => {
    await t.database.db.execute(sql`update establishments set type = 'HOTEL_4' where type = 'HOTEL_3'`);
    try {
      const res = await t.call({ method: 'GET', url: '/api/home/dashboard', token: scene.tokens.admin });
      expect(res.json().data.byType).toEqual([{ key: 'HOTEL_3', nights: 200, tax: 200 * 165 }]);
    } finally {
      await t.database.db.execute(sql`update establishments set type = 'HOTEL_3' where type = 'HOTEL_4'`);
    }
  });

  it('is for admins only', async () => {
    const res = await t.call({ method: 'GET', url: '/api/home/dashboard', token: scene.tokens.hostA });
    expect(res.statusCode).toBe(403);
  });
});

describe('the monthly reminder', () => {
  it('not before the configured day; then one French mail per host with a missing month, once', async () => {
    expect(await t.app.reminders.runIfDue()).toEqual({ sent: false, reason: 'not_yet' });
    t.clock.advance(6 * 24 * 3600_000); // 21 March

    // Two instances on one database, both checking at once: each host is reminded exactly once.
    const other: DatabaseHandle = process.env.DATABASE_URL ? await reopen(t.database) : t.database;
    const second: FastifyInstance = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: '/tmp/sejour-test-data',
        REMINDERS: 'on',
        REMINDER_DAY: '20',
        ...MAIL_ENV,
      }),
      database: other,
      now: t.clock.now,
      mail: mailTo(t.smtp),
    });
    try {
      const outcomes = await Promise.all([t.app.reminders.runIfDue(), second.reminders.runIfDue()]);
      expect(outcomes.filter((o) => o.sent)).toEqual([{ sent: true, period: '2026-02', mails: 1 }]);
      await Promise.all([t.app.mailer.idle(), second.mailer.idle()]);
      expect(await second.reminders.runIfDue()).toEqual({ sent: false, reason: 'already_sent' });
    } finally {
      await second.close();
      if (other !== t.database) await other.close();
    }
    // Declarations marked done are acknowledged by mail too: only the reminders are counted here.
    const reminders = t.smtp.mails.filter((m) => m.subject.includes('déclaration de février 2026 à faire'));
    expect(reminders).toHaveLength(1);
    const [mail] = reminders;
    expect(mail?.to).toEqual([hostAEmail]);
    expect(mail?.subject).toBe(
      `Taxe de séjour : déclaration de février 2026 à faire – ${MAIL_ENV.COLLECTIVITY_NAME}`,
    );
    expect(mail?.text).toContain('Chambre du Lac : janvier 2026, février 2026');
    expect(mail?.text).toContain('Gîte des Mirabelles : février 2026');
    expect(mail?.links).toContain(`${PUBLIC_URL}/home`);
    expect(t.smtp.mails.some((m) => m.to.includes(hostBEmail) && m.subject.includes('à faire'))).toBe(false);
  });

  it('REMINDERS=off: never sent', async () => {
    const off = await createTestApp({ REMINDERS: 'off' });
    try {
      expect(await off.app.reminders.runIfDue()).toEqual({ sent: false, reason: 'disabled' });
    } finally {
      await off.close();
    }
    expect(loadConfig({ REMINDERS: 'off' }).reminders.enabled).toBe(false);
    expect(() => loadConfig({ REMINDER_DAY: '31' })).toThrow(/REMINDER_DAY/);
  });
});

async function reopen(database: DatabaseHandle): Promise<DatabaseHandle> {
  const rows = await selectRows<{ db: string }>(database.db, sql`select current_database() as db`);
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${rows[0]?.db}`;
  return openDatabase({ url: url.toString() });
}
