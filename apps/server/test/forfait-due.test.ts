import { lawfulPricingPayload } from '@sejour/domain/testing';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/database';
import { declarations } from '../src/db/schema';
import { useApp } from './fixture';
import { MAIL_ENV } from './helpers/account-links';

/**
 * What an establishment au forfait must declare, and when it is late, through HTTP. Two deliberations put
 * campsites au forfait (30 % abatement from the first night): 2025 collected from 1 April to 31 October, 2026
 * all year. The host has a 3★ campsite and a 3★ hotel, the other host a 3★ campsite; nothing is declared. The
 * clock is on 15 March 2026: the 2026 period's deadline (1 December 2025) and the 2025 one's (1 March 2025)
 * have passed. Reminders go out from the 20th.
 */
const t = useApp({
  sessions: ['host', 'otherHost', 'admin'],
  mail: true,
  env: { REMINDERS: 'on', REMINDER_DAY: '20' },
});

const FORFAIT = { natures: ['CAMPSITE'], abatements: [{ fromNights: 1, rate: 3000 }] };
const START = '2026-03-15T10:00:00Z';
const ids = { camping: 0, hotel: 0, otherCamping: 0, pricing2026: 0 };

function at(instant: string) {
  t.clock.advance(Date.parse(instant) - t.clock.now().getTime());
}

async function enterDeliberation(year: number, extra: object) {
  const res = await t.call({
    method: 'POST',
    url: '/api/pricings',
    payload: {
      ...lawfulPricingPayload({ beginDate: `${year}-01-01`, endDate: `${year}-12-31` }),
      forfait: FORFAIT,
      ...extra,
    },
    token: t.tokens.admin,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function establishment(name: string, nature: string, userId: number) {
  const res = await t.call({
    method: 'POST',
    url: '/api/establishments',
    payload: {
      name,
      nature,
      stars: 3,
      classifiedOn: '2023-03-15',
      capacityMaxPerson: 150,
      openingDate: '2020-01-01',
      userId,
    },
    token: t.tokens.admin,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function yearOf(id: number, year: number, token = t.tokens.host) {
  const res = await t.call({ method: 'GET', url: `/api/establishments/${id}/months?year=${year}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function missing(query: string) {
  const res = await t.call({
    method: 'GET',
    url: `/api/declarations/missing?${query.includes('limit=') ? '' : 'limit=100&'}${query}`,
    token: t.tokens.admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Array<{ establishmentId: number; month: number; regime: string; forfaitPeriod: unknown }>;
    meta: { total: number };
  };
}

async function homeOf(token: string) {
  const res = await t.call({ method: 'GET', url: '/api/home/host', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.establishments as Array<{ id: number; late: unknown[]; drafts: unknown[] }>;
}

const PERIOD_2026 = { periodStart: '2026-01-01', periodEnd: '2026-12-31', deadline: '2025-12-01' };
const PERIOD_2025 = { periodStart: '2025-04-01', periodEnd: '2025-10-31', deadline: '2025-03-01' };

/** A forfait declaration of the 2026 period, written as the forfait write path stores it. */
async function insertForfait(establishmentId: number, userId: number, done: { doneAt: Date } | null) {
  const [row] = await t.database.db
    .insert(declarations)
    .values({
      establishmentId,
      userId,
      pricingId: ids.pricing2026,
      year: 2026,
      month: 1,
      regime: 'FORFAIT',
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
      openingPeriods: [{ from: '2026-04-01', to: '2026-09-30' }],
      capacity: 50,
      capacityUnit: 'PITCH',
      personsPerUnit: 3,
      openNights: 183,
      abatementRate: 3000,
      ccAmount: 1_152_900,
      totalAmount: 1_152_900,
      done: done !== null,
      doneAt: done?.doneAt ?? null,
    })
    .returning({ id: declarations.id });
  return row!.id;
}

beforeAll(async () => {
  await enterDeliberation(2025, { collectionPeriods: [{ from: '04-01', to: '10-31' }] });
  ids.pricing2026 = await enterDeliberation(2026, {});
  ids.camping = await establishment('Camping des Pins', 'CAMPSITE', t.users.host.id);
  ids.hotel = await establishment('Hôtel du Lac', 'HOTEL', t.users.host.id);
  ids.otherCamping = await establishment('Camping du Val', 'CAMPSITE', t.users.otherHost.id);
});

describe('the year view', () => {
  it('au forfait: every month forfait, one period to declare, late since 1 December 2025', async () => {
    const year = await yearOf(ids.camping, 2026);
    expect(year.regime).toBe('FORFAIT');
    expect(year.months.map((m: { state: string }) => m.state)).toEqual(Array(12).fill('forfait'));
    expect(year.forfaitPeriods).toEqual([
      { ...PERIOD_2026, state: 'late', late: true, declarationId: null, totalAmount: null },
    ]);
  });

  it('au réel: a hotel of the same host keeps its months as before, no period', async () => {
    const year = await yearOf(ids.hotel, 2026);
    expect(year.regime).toBe('REEL');
    expect(year.forfaitPeriods).toEqual([]);
    expect(year.months.map((m: { state: string }) => m.state)).toEqual([
      'late',
      'late',
      'todo',
      ...Array(9).fill('future'),
    ]);
  });

  it('a collection period April–October: the months outside it read outside_period, the others forfait', async () => {
    const year = await yearOf(ids.camping, 2025);
    expect(year.regime).toBe('FORFAIT');
    expect(year.months.map((m: { state: string }) => m.state)).toEqual([
      ...Array(3).fill('outside_period'),
      ...Array(7).fill('forfait'),
      ...Array(2).fill('outside_period'),
    ]);
    expect(year.forfaitPeriods).toEqual([
      { ...PERIOD_2025, state: 'late', late: true, declarationId: null, totalAmount: null },
    ]);
  });

  it('a period still ahead of its deadline is to do, not late', async () => {
    at('2025-11-20T10:00:00Z');
    try {
      const year = await yearOf(ids.camping, 2026);
      expect(year.forfaitPeriods).toEqual([
        { ...PERIOD_2026, state: 'todo', late: false, declarationId: null, totalAmount: null },
      ]);
      expect((await missing(`year=2026&userId=${t.users.host.id}`)).data).toEqual([]);
    } finally {
      at(START);
    }
  });
});

describe('what is missing', () => {
  it('lists the campsite’s forfait period as late, on the month it starts, and none of its months', async () => {
    const list = await missing(`year=2026&userId=${t.users.host.id}`);
    expect(
      list.data.map(({ establishmentId, month, regime, forfaitPeriod }) => ({
        establishmentId,
        month,
        regime,
        forfaitPeriod,
      })),
    ).toEqual([
      { establishmentId: ids.camping, month: 1, regime: 'FORFAIT', forfaitPeriod: PERIOD_2026 },
      { establishmentId: ids.hotel, month: 1, regime: 'REEL', forfaitPeriod: null },
      { establishmentId: ids.hotel, month: 2, regime: 'REEL', forfaitPeriod: null },
    ]);
    expect(list.meta.total).toBe(3);
    // Paged as one list: the second page starts where the first stopped.
    const second = await missing(`year=2026&userId=${t.users.host.id}&limit=2&offset=2`);
    expect(second.data.map((row) => [row.establishmentId, row.month])).toEqual([[ids.hotel, 2]]);
    // A month filter keeps the periods starting that month.
    const february = await missing(`year=2026&userId=${t.users.host.id}&month=2`);
    expect(february.data.map((row) => [row.establishmentId, row.regime])).toEqual([[ids.hotel, 'REEL']]);
  });

  it('2025: the April–October period late, the hotel’s months inside the period missing', async () => {
    const list = await missing(`year=2025&userId=${t.users.host.id}`);
    expect(list.data.filter((row) => row.establishmentId === ids.camping)).toEqual([
      expect.objectContaining({ month: 4, regime: 'FORFAIT', forfaitPeriod: PERIOD_2025 }),
    ]);
    expect(list.data.filter((row) => row.establishmentId === ids.hotel).map((row) => row.month)).toEqual([
      4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('Home: the host’s to-do names the period once, beside the hotel’s late months', async () => {
    const home = await homeOf(t.tokens.host);
    expect(home.find((e) => e.id === ids.camping)).toMatchObject({
      late: [{ year: 2026, month: 1, forfaitPeriod: PERIOD_2026 }],
      drafts: [],
    });
    expect(home.find((e) => e.id === ids.hotel)?.late).toEqual([
      { year: 2026, month: 1, forfaitPeriod: null },
      { year: 2026, month: 2, forfaitPeriod: null },
    ]);
  });

  it('the dashboard’s missing count of last month has no month au forfait', async () => {
    const res = await t.call({ method: 'GET', url: '/api/home/dashboard', token: t.tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    // February 2026: the hotel's month only.
    expect(res.json().data.counts.missingLastMonth).toBe(1);
  });

  it('the resume lists no month au forfait as missing', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/resume?year=2026&semester=1',
      token: t.tokens.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.providers.flatMap((p: { rows: unknown[] }) => p.rows);
    const row = (id: number) => rows.find((r: { establishmentId: number }) => r.establishmentId === id);
    expect(row(ids.camping).missingMonths).toEqual([]);
    expect(row(ids.hotel).missingMonths).toEqual([1, 2]);
  });
});

describe('the monthly reminder', () => {
  const reminders = () => t.smtp.mails.filter((m) => m.subject.includes('à faire'));

  it('December: a period whose deadline passed since the last reminder day reminds its host', async () => {
    at('2025-12-21T10:00:00Z');
    try {
      expect(await t.app.reminders.runIfDue()).toEqual({ sent: true, period: '2025-11', mails: 2 });
      await t.app.mailer.idle();
      const toOther = reminders().find((m) => m.to.includes(t.users.otherHost.email));
      // No month of November is missing: the mail is about the forfait.
      expect(toOther?.subject).toBe(
        `Taxe de séjour : déclaration au forfait à faire – ${MAIL_ENV.COLLECTIVITY_NAME}`,
      );
      expect(toOther?.text).toContain(
        'Camping du Val : période au forfait du 1er avril 2025 au 31 octobre 2025, période au forfait du 1er janvier 2026 au 31 décembre 2026',
      );
      const toHost = reminders().find((m) => m.to.includes(t.users.host.email));
      expect(toHost?.text).toContain('Hôtel du Lac : avril 2025, mai 2025');
      expect(toHost?.text).toContain('Camping des Pins : période au forfait du 1er avril 2025');
    } finally {
      at(START);
    }
  });

  it('March: the host is reminded of February and of the period, once; the other host is not', async () => {
    const before = reminders().length;
    at('2026-03-21T10:00:00Z');
    try {
      expect(await t.app.reminders.runIfDue()).toEqual({ sent: true, period: '2026-02', mails: 1 });
      await t.app.mailer.idle();
      const sent = reminders().slice(before);
      expect(sent.map((m) => m.to)).toEqual([[t.users.host.email]]);
      expect(sent[0]?.subject).toBe(
        `Taxe de séjour : déclaration de février 2026 à faire – ${MAIL_ENV.COLLECTIVITY_NAME}`,
      );
      const text = sent[0]?.text ?? '';
      expect(text).toContain('Hôtel du Lac : janvier 2026, février 2026');
      expect(text).toContain('Camping des Pins : période au forfait du 1er janvier 2026 au 31 décembre 2026');
      expect(text.split('période au forfait').length - 1).toBe(1);
    } finally {
      at(START);
    }
  });
});

describe('once declared', () => {
  it('a draft: the period reads draft and late, on Home among the drafts, and is no longer missing', async () => {
    const id = await insertForfait(ids.camping, t.users.host.id, null);
    const year = await yearOf(ids.camping, 2026);
    expect(year.forfaitPeriods).toEqual([
      { ...PERIOD_2026, state: 'draft', late: true, declarationId: id, totalAmount: 1_152_900 },
    ]);
    // Stored on January, it is the period's declaration, not January's.
    expect(year.months[0]).toEqual({
      month: 1,
      state: 'forfait',
      declarationId: null,
      totalAmount: null,
      type: 'CAMPING_345',
    });
    const home = await homeOf(t.tokens.host);
    expect(home.find((e) => e.id === ids.camping)).toMatchObject({
      late: [],
      drafts: [{ declarationId: id, year: 2026, month: 1, forfaitPeriod: PERIOD_2026 }],
    });
    expect(
      (await missing(`year=2026&userId=${t.users.host.id}`)).data.some(
        (row) => row.establishmentId === ids.camping,
      ),
    ).toBe(false);
  });

  it('done after the deadline: done and late, nothing missing of the campsite', async () => {
    await t.database.db
      .update(declarations)
      .set({ done: true, doneAt: new Date('2026-03-10T10:00:00Z') })
      .where(eq(declarations.establishmentId, ids.camping));
    const year = await yearOf(ids.camping, 2026);
    expect(year.forfaitPeriods).toEqual([
      expect.objectContaining({ ...PERIOD_2026, state: 'done', late: true, totalAmount: 1_152_900 }),
    ]);
    const list = await missing(`year=2026&userId=${t.users.host.id}`);
    expect(list.data.map((row) => row.establishmentId)).toEqual([ids.hotel, ids.hotel]);
    const home = await homeOf(t.tokens.host);
    expect(home.find((e) => e.id === ids.camping)).toMatchObject({ late: [], drafts: [] });
  });

  it('done before the deadline (Paris date): on time', async () => {
    // 30 November 2025, 23:30 UTC is already 1 December in Paris: the deadline's last day, still on time.
    await insertForfait(ids.otherCamping, t.users.otherHost.id, {
      doneAt: new Date('2025-11-30T23:30:00Z'),
    });
    const year = await yearOf(ids.otherCamping, 2026, t.tokens.otherHost);
    expect(year.forfaitPeriods).toEqual([
      expect.objectContaining({ ...PERIOD_2026, state: 'done', late: false }),
    ]);
    expect((await missing('year=2026')).data.some((row) => row.establishmentId === ids.otherCamping)).toBe(
      false,
    );
  });

  it('a declaration au réel made on a month au forfait keeps its own state', async () => {
    const [row] = await t.database.db
      .insert(declarations)
      .values({
        establishmentId: ids.camping,
        userId: t.users.host.id,
        pricingId: ids.pricing2026,
        year: 2026,
        month: 2,
        done: true,
        doneAt: new Date('2026-03-01T10:00:00Z'),
        totalAmount: 500,
      })
      .returning({ id: declarations.id });
    const year = await yearOf(ids.camping, 2026);
    expect(year.months[1]).toEqual({
      month: 2,
      state: 'done',
      declarationId: row!.id,
      totalAmount: 500,
      type: 'CAMPING_345',
    });
    expect(year.months[2].state).toBe('forfait');
    const rows = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from declarations where establishment_id = ${ids.camping}`,
    );
    expect(rows[0]?.n).toBe(2);
  });
});
