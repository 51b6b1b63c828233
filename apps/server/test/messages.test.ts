import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { TEST_PASSWORD } from './helpers/test-app';

/** Announcements on Home: audiences, dates, who may write, and text kept as text. The clock is 15 March 2026. */
const t = useApp();
const tokens = { admin: '', host: '', superadmin: '' };
let hostName = '';

beforeAll(async () => {
  const admin = await t.createUser({ role: 'admin', firstname: 'Anne', lastname: 'Dupont' });
  const host = await t.createUser({ role: 'host' });
  const superadmin = await t.createUser({ role: 'superadmin' });
  tokens.admin = await t.login(admin.username, TEST_PASSWORD);
  hostName = host.username;
  tokens.host = await t.login(host.username, TEST_PASSWORD);
  tokens.superadmin = await t.login(superadmin.username, TEST_PASSWORD);
});

const post = (payload: object, token = tokens.admin) =>
  t.call({ method: 'POST', url: '/api/messages', payload, token });
const current = async (token: string) => {
  const res = await t.call({ method: 'GET', url: '/api/messages', token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ id: number; title: string }>).map((m) => m.title);
};
async function created(payload: object): Promise<number> {
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('messages', () => {
  it('each audience reads its own and everyone’s, the newest first', async () => {
    await created({ title: 'Pour tous', body: 'Bonjour à tous', audience: 'everyone' });
    await created({ title: 'Pour les hébergeurs', body: 'Déclarez avant le 10', audience: 'hosts' });
    await created({ title: 'Pour les administrateurs', body: 'Réunion lundi', audience: 'admins' });
    expect(await current(tokens.host)).toEqual(['Pour les hébergeurs', 'Pour tous']);
    expect(await current(tokens.admin)).toEqual(['Pour les administrateurs', 'Pour tous']);
    expect(await current(tokens.superadmin)).toEqual(['Pour les administrateurs', 'Pour tous']);
  });

  it('shown from the publication date to the expiry date, both included', async () => {
    await created({ title: 'Bientôt', body: 'x', audience: 'everyone', publishAt: '2026-03-20' });
    await created({ title: 'Expiré', body: 'x', audience: 'everyone', expiresAt: '2026-03-14' });
    await created({
      title: 'Dernier jour',
      body: 'x',
      audience: 'everyone',
      publishAt: '2026-03-01',
      expiresAt: '2026-03-15',
    });
    const now = await current(tokens.host);
    expect(now).toContain('Dernier jour');
    expect(now).not.toContain('Bientôt');
    expect(now).not.toContain('Expiré');
    // Admins manage them all, scheduled and expired included.
    const all = await t.call({ method: 'GET', url: '/api/messages/all', token: tokens.admin });
    expect((all.json().data as Array<{ title: string }>).map((m) => m.title)).toEqual(
      expect.arrayContaining(['Bientôt', 'Expiré', 'Dernier jour']),
    );
    t.clock.advance(6 * 24 * 3600_000);
    try {
      const later = await current(await t.login(hostName, TEST_PASSWORD));
      expect(later).toContain('Bientôt');
      expect(later).not.toContain('Dernier jour');
    } finally {
      t.clock.advance(-6 * 24 * 3600_000);
    }
  });

  it('an expiry before the publication, an empty title or an unknown audience is refused', async () => {
    const wrongDates = await post({
      title: 'Dates',
      body: 'x',
      audience: 'everyone',
      publishAt: '2026-04-01',
      expiresAt: '2026-03-01',
    });
    expect(wrongDates.statusCode).toBe(400);
    expect(wrongDates.json()).toMatchObject({ success: false, code: 'validation_error' });
    expect((await post({ title: ' ', body: 'x', audience: 'everyone' })).statusCode).toBe(400);
    expect((await post({ title: 'x', body: 'x', audience: 'visitors' })).statusCode).toBe(400);
  });

  it('the text is kept as typed: markup is text, line breaks and links stay', async () => {
    const body = '<script>alert("x")</script>\nVoir https://example.fr/taxe\n<b>gras</b> & co';
    const res = await post({ title: '<img src=x onerror=alert(1)>', body, audience: 'hosts' });
    expect(res.statusCode).toBe(201);
    const list = await t.call({ method: 'GET', url: '/api/messages', token: tokens.host });
    expect(list.headers['content-type']).toMatch(/application\/json/);
    const found = (list.json().data as Array<{ title: string; body: string }>).find(
      (m) => m.title === '<img src=x onerror=alert(1)>',
    );
    expect(found?.body).toBe(body);
  });

  it('admins edit and delete; the author is named', async () => {
    const id = await created({ title: 'À corriger', body: 'x', audience: 'everyone' });
    const updated = await t.call({
      method: 'PUT',
      url: `/api/messages/${id}`,
      token: tokens.superadmin,
      payload: { title: 'Corrigé', body: 'y', audience: 'hosts' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      title: 'Corrigé',
      body: 'y',
      audience: 'hosts',
      authorName: 'Anne Dupont',
    });
    expect(await current(tokens.host)).toContain('Corrigé');
    const removed = await t.call({ method: 'DELETE', url: `/api/messages/${id}`, token: tokens.admin });
    expect(removed.statusCode).toBe(200);
    expect(await current(tokens.host)).not.toContain('Corrigé');
    const again = await t.call({ method: 'DELETE', url: `/api/messages/${id}`, token: tokens.admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('a host may not write, edit, delete or list them all; nobody reads them signed out', async () => {
    const id = await created({ title: 'Protégé', body: 'x', audience: 'everyone' });
    const payload = { title: 'Pirate', body: 'x', audience: 'everyone' };
    expect((await post(payload, tokens.host)).statusCode).toBe(403);
    const put = await t.call({ method: 'PUT', url: `/api/messages/${id}`, token: tokens.host, payload });
    expect(put.statusCode).toBe(403);
    const del = await t.call({ method: 'DELETE', url: `/api/messages/${id}`, token: tokens.host });
    expect(del.statusCode).toBe(403);
    const all = await t.call({ method: 'GET', url: '/api/messages/all', token: tokens.host });
    expect(all.json()).toMatchObject({ success: false, code: 'forbidden' });
    expect((await t.call({ method: 'GET', url: '/api/messages' })).statusCode).toBe(401);
    expect(await current(tokens.host)).toContain('Protégé');
    expect(await current(tokens.host)).not.toContain('Pirate');
  });
});
