import { describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { createEstablishment } from './helpers/establishments';
import { TEST_PASSWORD } from './helpers/test-app';

/** The app starts on 15 March 2026, 10:00 UTC. */
const t = useApp({ mail: true, sessions: ['host', 'otherHost', 'admin'] });
const { tokens, users } = t;

const DAY = 24 * 3600 * 1000;

async function hotelOf(userId: number, overrides: Record<string, unknown> = {}) {
  return createEstablishment(t, tokens.admin, userId, overrides);
}

function ask(token: string, establishmentId: number, payload: Record<string, unknown>) {
  return t.call({
    method: 'POST',
    url: `/api/establishments/${establishmentId}/change-requests`,
    token,
    payload,
  });
}

const post = (token: string, url: string, payload?: object) =>
  t.call({ method: 'POST', url, token, ...(payload ? { payload } : {}) });

async function journal(entity: string) {
  const response = await t.call({
    method: 'GET',
    url: `/api/journal?entity=${entity}&limit=50`,
    token: tokens.admin,
  });
  return response.json().data as Array<{
    action: string;
    entityRef: number;
    changes: Record<string, unknown>;
  }>;
}

describe('change requests of an establishment', () => {
  it('a host asks, the admin accepts: the values apply through the admin’s edit, the host is told by mail', async () => {
    const hotel = await hotelOf(users.host.id, { capacityMaxRoom: 3, capacityMaxPerson: 6 });
    const created = await ask(tokens.host, hotel.id, {
      kind: 'establishment_capacity',
      capacityMaxRoom: 5,
      capacityMaxPerson: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data;
    expect(request).toMatchObject({
      kind: 'establishment_capacity',
      status: 'pending',
      userId: users.host.id,
      establishmentId: hotel.id,
      establishmentName: hotel.name,
      values: { capacityMaxRoom: 5, capacityMaxPerson: 10 },
      previous: { capacityMaxRoom: 3, capacityMaxPerson: 6 },
      effectiveOn: '2026-03-15',
    });

    // One pending request of a kind at a time.
    const again = await ask(tokens.host, hotel.id, { kind: 'establishment_capacity', capacityMaxRoom: 7 });
    expect(again.json()).toMatchObject({ success: false, code: 'change_request_pending' });

    const pending = await t.call({
      method: 'GET',
      url: '/api/change-requests?status=pending',
      token: tokens.admin,
    });
    expect(pending.json().data.map((r: { id: number }) => r.id)).toContain(request.id);

    const accepted = await post(tokens.admin, `/api/change-requests/${request.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'accepted' });
    expect(accepted.json().data.appliedAt).not.toBeNull();

    const after = await t.call({ method: 'GET', url: `/api/establishments/${hotel.id}`, token: tokens.host });
    expect(after.json().data).toMatchObject({ capacityMaxRoom: 5, capacityMaxPerson: 10 });

    const entries = await journal('establishment');
    expect(entries.find((e) => e.entityRef === hotel.id && e.action === 'update')?.changes).toMatchObject({
      capacityMaxRoom: { from: 3, to: 5 },
    });
    const own = await journal('change_request');
    expect(own.filter((e) => e.entityRef === request.id).map((e) => e.action)).toEqual(['accept', 'create']);

    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(users.host.email) && m.subject.includes('acceptée'),
    );
    expect(mail.text).toContain('Nombre de chambres : 5');

    // Decided once.
    const twice = await post(tokens.admin, `/api/change-requests/${request.id}/refuse`, { reason: 'Non.' });
    expect(twice.json()).toMatchObject({ success: false, code: 'change_request_decided' });
  });

  it('a refusal needs a reason, which the host sees and is mailed', async () => {
    const hotel = await hotelOf(users.host.id);
    const request = (
      await ask(tokens.host, hotel.id, {
        kind: 'establishment_address',
        address: '2 place Saint-Louis',
        cp: '57000',
        city: 'Metz',
      })
    ).json().data;
    const noReason = await post(tokens.admin, `/api/change-requests/${request.id}/refuse`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Veuillez compléter ce champ.' });

    const refused = await post(tokens.admin, `/api/change-requests/${request.id}/refuse`, {
      reason: 'Justificatif manquant.',
    });
    expect(refused.json().data).toMatchObject({ status: 'refused', reason: 'Justificatif manquant.' });
    const mine = await t.call({
      method: 'GET',
      url: `/api/change-requests?establishmentId=${hotel.id}`,
      token: tokens.host,
    });
    expect(mine.json().data[0]).toMatchObject({
      id: request.id,
      status: 'refused',
      reason: 'Justificatif manquant.',
    });
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(users.host.email) && m.subject.includes('refusée'),
    );
    expect(mail.text).toContain('Motif : Justificatif manquant.');
    const unchanged = await t.call({
      method: 'GET',
      url: `/api/establishments/${hotel.id}`,
      token: tokens.host,
    });
    expect(unchanged.json().data.address).toBe(hotel.address);
  });

  it('a host withdraws their pending request, then may ask again', async () => {
    const hotel = await hotelOf(users.host.id);
    const body = {
      kind: 'establishment_classification',
      nature: 'HOTEL',
      stars: 4,
      classifiedOn: '2026-02-01',
    };
    const request = (await ask(tokens.host, hotel.id, body)).json().data;
    const withdrawn = await post(tokens.host, `/api/change-requests/${request.id}/withdraw`);
    expect(withdrawn.json().data).toMatchObject({ status: 'withdrawn' });
    const twice = await post(tokens.host, `/api/change-requests/${request.id}/withdraw`);
    expect(twice.json()).toMatchObject({ success: false, code: 'change_request_decided' });
    expect((await ask(tokens.host, hotel.id, body)).statusCode).toBe(201);
    const entries = await journal('change_request');
    expect(entries.some((e) => e.entityRef === request.id && e.action === 'cancel')).toBe(true);
  });

  it('refuses what the rules refuse: no change, stars a nature cannot have, a missing nature', async () => {
    const hotel = await hotelOf(users.host.id, { capacityMaxRoom: 3, capacityMaxPerson: 6 });
    const same = await ask(tokens.host, hotel.id, {
      kind: 'establishment_capacity',
      capacityMaxRoom: 3,
      capacityMaxPerson: 6,
    });
    expect(same.json()).toMatchObject({ success: false, code: 'change_request_no_change' });
    const palace = await ask(tokens.host, hotel.id, {
      kind: 'establishment_classification',
      nature: 'PALACE',
      stars: 3,
    });
    expect(palace.statusCode).toBe(400);
    expect(Object.keys(palace.json().errors)).toEqual(['stars']);
    const none = await ask(tokens.host, hotel.id, { kind: 'establishment_classification' });
    expect(none.json().errors).toEqual({ nature: 'Veuillez choisir la nature de l’hébergement.' });
    // Admins edit the establishment themselves.
    const byAdmin = await ask(tokens.admin, hotel.id, { kind: 'establishment_capacity', capacityMaxRoom: 9 });
    expect(byAdmin.json()).toMatchObject({ success: false, code: 'forbidden' });
  });
});

describe('change requests of a provider', () => {
  it('a host asks for a company name and SIRET; accepted, the provider’s edit sets them', async () => {
    const created = await post(tokens.host, '/api/account/change-requests', {
      company: 'SARL Les Mirabelles',
      siret: '732 829 320 00074',
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data;
    expect(request).toMatchObject({
      kind: 'provider_identity',
      establishmentId: null,
      values: { company: 'SARL Les Mirabelles', siret: '73282932000074' },
    });
    const list = await t.call({
      method: 'GET',
      url: '/api/change-requests?providerOnly=true',
      token: tokens.host,
    });
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([request.id]);
    expect((await post(tokens.admin, `/api/change-requests/${request.id}/accept`)).statusCode).toBe(200);
    const user = await t.call({ method: 'GET', url: `/api/users/${users.host.id}`, token: tokens.admin });
    expect(user.json().data).toMatchObject({ company: 'SARL Les Mirabelles', siret: '73282932000074' });
    const entries = await journal('provider');
    expect(
      entries.find((e) => e.entityRef === users.host.id && e.action === 'update')?.changes,
    ).toMatchObject({
      siret: { from: null, to: '73282932000074' },
    });
  });

  it('an admin cannot ask for an account change', async () => {
    const response = await post(tokens.admin, '/api/account/change-requests', { company: 'X' });
    expect(response.json()).toMatchObject({ success: false, code: 'forbidden' });
  });
});

describe('ownership', () => {
  it('another host can neither see, withdraw nor ask on host A’s requests; only admins decide', async () => {
    const hotel = await hotelOf(users.host.id);
    const request = (
      await ask(tokens.host, hotel.id, { kind: 'establishment_capacity', capacityMaxRoom: 12 })
    ).json().data;
    const missing = await post(tokens.otherHost, '/api/change-requests/987654/withdraw');
    const foreign = await post(tokens.otherHost, `/api/change-requests/${request.id}/withdraw`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const foreignList = await t.call({
      method: 'GET',
      url: `/api/change-requests?establishmentId=${hotel.id}`,
      token: tokens.otherHost,
    });
    expect(foreignList.statusCode).toBe(404);
    const theirs = await t.call({ method: 'GET', url: '/api/change-requests', token: tokens.otherHost });
    expect(theirs.json().data.some((r: { userId: number }) => r.userId === users.host.id)).toBe(false);
    const foreignAsk = await ask(tokens.otherHost, hotel.id, {
      kind: 'establishment_capacity',
      capacityMaxRoom: 1,
    });
    expect(foreignAsk.statusCode).toBe(404);
    for (const action of ['accept', 'refuse']) {
      const byHost = await post(tokens.host, `/api/change-requests/${request.id}/${action}`, { reason: 'x' });
      expect(byHost.json()).toMatchObject({ success: false, code: 'forbidden' });
    }
    const still = await t.call({
      method: 'GET',
      url: `/api/change-requests?establishmentId=${hotel.id}`,
      token: tokens.host,
    });
    expect(still.json().data[0]).toMatchObject({ id: request.id, status: 'pending' });
  });
});

// Last: it moves the clock past the sessions' lifetime.
describe('the scheduler', () => {
  it('a request for a later day is accepted now and applied by the scheduler on that day, once', async () => {
    const hotel = await hotelOf(users.host.id, { nature: 'HOTEL', stars: 3, type: null });
    const request = (
      await ask(tokens.host, hotel.id, {
        kind: 'establishment_classification',
        nature: 'HOTEL',
        stars: 4,
        classifiedOn: '2026-03-01',
        effectiveOn: '2026-04-01',
      })
    ).json().data;
    expect(request.effectiveOn).toBe('2026-04-01');
    const accepted = (await post(tokens.admin, `/api/change-requests/${request.id}/accept`)).json().data;
    expect(accepted).toMatchObject({ status: 'accepted', appliedAt: null });
    expect(await t.app.changeRequests.applyDue()).toBe(0);
    const before = await t.call({
      method: 'GET',
      url: `/api/establishments/${hotel.id}`,
      token: tokens.admin,
    });
    expect(before.json().data).toMatchObject({ stars: 3 });

    t.clock.advance(17 * DAY + 2 * 3600 * 1000);
    const admin = await t.login(users.admin.username, TEST_PASSWORD);
    const host = await t.login(users.host.username, TEST_PASSWORD);
    expect(await t.app.changeRequests.applyDue()).toBe(1);
    expect(await t.app.changeRequests.applyDue()).toBe(0);
    const after = await t.call({
      method: 'GET',
      url: `/api/establishments/${hotel.id}`,
      token: admin,
    });
    expect(after.json().data).toMatchObject({
      nature: 'HOTEL',
      stars: 4,
      classifiedOn: '2026-03-01',
      type: 'HOTEL_4',
    });
    const list = await t.call({
      method: 'GET',
      url: `/api/change-requests?establishmentId=${hotel.id}`,
      token: host,
    });
    expect(list.json().data[0].appliedAt).not.toBeNull();
    // The establishment's edit is recorded in the deciding admin's name.
    const entries = await t.call({
      method: 'GET',
      url: `/api/journal?entity=establishment&actor=${users.admin.username}&limit=50`,
      token: admin,
    });
    expect(
      entries
        .json()
        .data.some(
          (e: { entityRef: number; action: string }) => e.entityRef === hotel.id && e.action === 'update',
        ),
    ).toBe(true);
  });
});
