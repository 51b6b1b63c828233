import { lawfulPricingPayload } from '@sejour/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { createEstablishment, establishmentPayload } from './helpers/establishments';
import { TEST_PASSWORD } from './helpers/test-app';

/**
 * An establishment's classification over time, through HTTP, on the tests' clock (15 March 2026 at start). A
 * furnished let classified 3★ on 20 June 2021 lapses on 20 June 2026: the host and the admins are told from
 * 22 March 2026 (90 days before), June is taxed classified (in force on its first day), July unclassified.
 */
const t = useApp({
  sessions: ['host', 'admin'],
  mail: true,
  env: { REMINDERS: 'on', REMINDER_DAY: '28' },
});

const tokens = { admin: '', host: '' };
const admin = () => tokens.admin || t.tokens.admin;
const host = () => tokens.host || t.tokens.host;
const ids = { lapsing: 0, renewed: 0 };

/** Moves the clock, and logs in again (the sessions of the start have expired by then). */
async function at(instant: string) {
  t.clock.advance(Date.parse(instant) - t.clock.now().getTime());
  tokens.admin = await t.login(t.users.admin.username, TEST_PASSWORD);
  tokens.host = await t.login(t.users.host.username, TEST_PASSWORD);
}

const get = (url: string, token = admin()) => t.call({ method: 'GET', url, token });
const noticeMails = () => t.smtp.mails.filter((m) => m.subject.includes('classement'));

beforeAll(async () => {
  const pricing = await t.call({
    method: 'POST',
    url: '/api/pricings',
    payload: lawfulPricingPayload() as object,
    token: admin(),
  });
  expect(pricing.statusCode, pricing.body).toBe(201);
  const classified = (stars: number, classifiedOn: string, name: string) => ({
    type: undefined,
    name,
    nature: 'FURNISHED_LET',
    stars,
    classifiedOn,
    openingDate: '2021-01-01',
  });
  ids.lapsing = (
    await createEstablishment(t, admin(), t.users.host.id, classified(3, '2021-06-20', 'Gîte des Tilleuls'))
  ).id;
  ids.renewed = (
    await createEstablishment(t, admin(), t.users.host.id, classified(2, '2024-01-10', 'Gîte du Moulin'))
  ).id;
});

describe('the classification history', () => {
  it('is written on creation and on an admin’s change of classification, not on other saves', async () => {
    const created = (await get(`/api/establishments/${ids.renewed}`)).json().data;
    expect(created.classificationLapsesOn).toBe('2029-01-10');
    expect(created.classificationHistory).toMatchObject([
      { nature: 'FURNISHED_LET', stars: 2, classifiedOn: '2024-01-10', effectiveFrom: '2024-01-10' },
    ]);
    const payload = establishmentPayload(t.users.host.id, {
      ...created,
      type: undefined,
      stars: 3,
      classifiedOn: '2026-02-01',
    });
    const updated = await t.call({
      method: 'PUT',
      url: `/api/establishments/${ids.renewed}`,
      payload,
      token: admin(),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.classificationHistory).toMatchObject([
      { stars: 3, classifiedOn: '2026-02-01', effectiveFrom: '2026-02-01', lapsesOn: '2031-02-01' },
      { stars: 2, classifiedOn: '2024-01-10', effectiveFrom: '2024-01-10' },
    ]);
    expect(updated.json().data.classificationHistory[0].recordedBy).toBeTruthy();
    // The same classification saved again, and a host's description: no new record.
    const again = await t.call({
      method: 'PUT',
      url: `/api/establishments/${ids.renewed}`,
      payload: { ...payload, description: 'Rénové.' },
      token: admin(),
    });
    expect(again.json().data.classificationHistory).toHaveLength(2);
    const byHost = await t.call({
      method: 'PUT',
      url: `/api/establishments/${ids.renewed}`,
      payload: { ...payload, type: 'HOTEL_3', description: 'Au calme.' },
      token: host(),
    });
    expect(byHost.statusCode, byHost.body).toBe(200);
    expect(byHost.json().data.classificationHistory).toHaveLength(2);
  });

  it('each month of the year view carries the row of its classification', async () => {
    const year = (await get(`/api/establishments/${ids.renewed}/months?year=2026`)).json().data;
    expect(year.months[0].type).toBe('HOTEL_2');
    expect(year.months[1].type).toBe('HOTEL_3');
  });
});

describe('a lapsing classification', () => {
  const hostHome = async () =>
    (await get('/api/home/host', host()))
      .json()
      .data.establishments.find((e: { id: number }) => e.id === ids.lapsing);

  it('is told to nobody before 90 days ahead', async () => {
    await at('2026-03-21T10:00:00Z');
    expect(await t.app.classificationLapseNotices.runIfDue()).toEqual({ establishments: 0, mails: 0 });
    expect((await hostHome()).classificationLapse).toBeNull();
    const dashboard = (await get('/api/home/dashboard')).json().data;
    expect(dashboard.classificationLapses).toEqual([]);
  });

  it('from 90 days ahead: on both Homes, and mailed once to the host and to each admin', async () => {
    await at('2026-03-22T10:00:00Z');
    expect(await t.app.classificationLapseNotices.runIfDue()).toEqual({ establishments: 1, mails: 2 });
    await t.app.mailer.idle();
    const mails = noticeMails();
    expect(mails.map((m) => m.to[0]).sort()).toEqual([t.users.admin.email, t.users.host.email].sort());
    expect(mails[0]?.subject).toContain('20 juin 2026');
    expect((await hostHome()).classificationLapse).toEqual({ lapsesOn: '2026-06-20', lapsed: false });
    const dashboard = (await get('/api/home/dashboard')).json().data;
    expect(dashboard.classificationLapses).toEqual([
      { establishmentId: ids.lapsing, name: 'Gîte des Tilleuls', lapsesOn: '2026-06-20', lapsed: false },
    ]);
    // Checked again (every hour, or by another instance): nothing more is sent.
    await at('2026-04-22T10:00:00Z');
    expect(await t.app.classificationLapseNotices.runIfDue()).toEqual({ establishments: 0, mails: 0 });
    await t.app.mailer.idle();
    expect(noticeMails()).toHaveLength(2);
  });

  it('taxes the month before the lapse classified and the month after unclassified', async () => {
    await at('2026-08-05T10:00:00Z');
    const june = await t.call({
      method: 'POST',
      url: '/api/declarations',
      payload: { establishmentId: ids.lapsing, year: 2026, month: 6, personCount: 2, nightsCount: 10 },
      token: host(),
    });
    expect(june.statusCode, june.body).toBe(201);
    expect(june.json().data.type).toBe('HOTEL_3');
    const july = await t.call({
      method: 'POST',
      url: '/api/declarations',
      payload: {
        establishmentId: ids.lapsing,
        year: 2026,
        month: 7,
        personCount: 4,
        nightsCountSup: 28,
        nightsCountSupMin: 14,
        prixSup: 70_000,
        prixSupMin: 35_000,
      },
      token: host(),
    });
    expect(july.statusCode, july.body).toBe(201);
    expect(july.json().data.type).toBe('NONE');
    const year = (await get(`/api/establishments/${ids.lapsing}/months?year=2026`)).json().data;
    expect(year.months[5].type).toBe('HOTEL_3');
    expect(year.months[6].type).toBe('NONE');
    expect((await hostHome()).classificationLapse).toEqual({ lapsesOn: '2026-06-20', lapsed: true });
    // Lapsed: no mail any more.
    expect(await t.app.classificationLapseNotices.runIfDue()).toEqual({ establishments: 0, mails: 0 });
  });
});
