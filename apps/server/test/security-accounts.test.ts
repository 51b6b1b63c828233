import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { useApp } from './fixture';
import { accountLinkCalls, linkOf } from './helpers/account-links';
import { providerPayload } from './helpers/people';
import { createTestApp, TEST_PASSWORD } from './helpers/test-app';

/** Account rules an attacker would probe: stale links, the last superadmin, one string for one account. */

const t = useApp({ mail: true });
let adminUser: UserRow;
let superadminUser: UserRow;

beforeAll(async () => {
  adminUser = await t.createUser({ role: 'admin' });
  superadminUser = await t.createUser({ role: 'superadmin' });
});

const { sessionOf, nextMailTo, askReset, submit } = accountLinkCalls(() => ({ t, smtp: t.smtp, adminUser }));

describe('a change of e-mail address voids the links sent before', () => {
  it('the activation link sent to a mistyped address no longer works once an admin corrects it', async () => {
    const admin = await sessionOf(adminUser);
    const payload = providerPayload({ email: 'wrong-mailbox@example.test' });
    const created = await t.call({ method: 'POST', url: '/api/users', token: admin, payload });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const stale = linkOf(await nextMailTo('wrong-mailbox@example.test'));

    const corrected = await t.call({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { ...payload, email: 'right-mailbox@example.test' },
    });
    expect(corrected.statusCode).toBe(200);

    const used = await submit('activate-account', id, stale.token);
    expect(used.json()).toMatchObject({ success: false, code: 'link_used' });
  });

  it('an admin who saves a provider without changing the address keeps the link alive', async () => {
    const admin = await sessionOf(adminUser);
    const payload = providerPayload();
    const created = await t.call({ method: 'POST', url: '/api/users', token: admin, payload });
    const id = created.json().data.id as number;
    const link = linkOf(await nextMailTo(payload.email));
    await t.call({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: admin,
      payload: { ...payload, firstname: 'Odile', email: payload.email.toUpperCase() },
    });
    expect((await submit('activate-account', id, link.token)).statusCode).toBe(200);
  });

  it('the activation link of an administrator no longer works once a superadmin corrects the address', async () => {
    const superadmin = await sessionOf(superadminUser);
    const payload = { username: 'adminmistyped', email: 'admin-wrong@example.test', role: 'admin' };
    const created = await t.call({ method: 'POST', url: '/api/admins', token: superadmin, payload });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const stale = linkOf(await nextMailTo('admin-wrong@example.test'));

    const corrected = await t.call({
      method: 'PUT',
      url: `/api/admins/${id}`,
      token: superadmin,
      payload: { ...payload, email: 'admin-right@example.test' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const used = await submit('activate-account', id, stale.token);
    expect(used.json()).toMatchObject({ success: false, code: 'link_used' });
  });

  it('a reset link dies when its holder’s new address is confirmed', async () => {
    const host = await t.createUser({ role: 'host' });
    expect((await askReset(host.username)).statusCode).toBe(200);
    const link = linkOf(await nextMailTo(host.email));
    const session = await t.login(host.username, TEST_PASSWORD);
    const changed = await t.call({
      method: 'PUT',
      url: '/api/users/update-self',
      token: session,
      payload: { username: host.username, email: `new-${host.email}` },
    });
    expect(changed.statusCode).toBe(200);
    const confirmation = await nextMailTo(`new-${host.email}`);
    const token = new URL(confirmation.links[0] ?? '').searchParams.get('token');
    const confirmed = await t.call({ method: 'POST', url: '/api/account/confirm-email', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const used = await submit('reset-password', host.id, link.token);
    expect(used.json()).toMatchObject({ success: false, code: 'link_used' });
  });
});

describe('the last superadmin', () => {
  it('may not be demoted while the only other superadmin never activated or is disabled', async () => {
    const solo = await createTestApp();
    try {
      const only = await solo.createUser({ role: 'superadmin' });
      await solo.createUser({ role: 'superadmin', activated: false, passwordHash: null });
      await solo.createUser({ role: 'superadmin', disabled: true });
      const token = await solo.login(only.username, TEST_PASSWORD);
      const demoted = await solo.call({
        method: 'PUT',
        url: `/api/admins/${only.id}`,
        token,
        payload: {
          username: only.username,
          email: only.email,
          firstname: 'Solène',
          lastname: 'Seule',
          role: 'admin',
        },
      });
      expect(demoted.json()).toMatchObject({ success: false, code: 'conflict' });
    } finally {
      await solo.close();
    }
  });
});

describe('one login string names one account', () => {
  it('a username may not be another account’s e-mail, nor an e-mail another’s username', async () => {
    const admin = await sessionOf(adminUser);
    const other = await t.createUser({ role: 'host' });
    const asUsername = await t.call({
      method: 'POST',
      url: '/api/users',
      token: admin,
      payload: providerPayload({ username: other.email.toUpperCase() }),
    });
    expect(asUsername.json()).toMatchObject({ success: false, code: 'username_taken' });

    const self = await t.createUser({ role: 'host' });
    const asEmail = await t.call({
      method: 'PUT',
      url: '/api/users/update-self',
      token: await t.login(self.username, TEST_PASSWORD),
      payload: { username: self.username, email: `${other.username}` },
    });
    // A username is not an address, so it is refused as such or as taken; never accepted.
    expect(asEmail.json().success).toBe(false);
  });

  it('refuses an e-mail address equal to another account’s username', async () => {
    const admin = await sessionOf(adminUser);
    const payload = providerPayload();
    const squatter = await t.createUser({ role: 'host', username: payload.email });
    expect(squatter.username).toBe(payload.email);
    const created = await t.call({ method: 'POST', url: '/api/users', token: admin, payload });
    expect(created.json()).toMatchObject({ success: false, code: 'email_taken' });
  });
});

describe('one login string names one account, under concurrent writes too', () => {
  it('of two simultaneous creations, one taking the other’s e-mail as username, one only succeeds', async () => {
    const superadmin = await sessionOf(superadminUser);
    const rounds = Array.from({ length: 8 }, (_, i) => `race${i}-${Date.now()}@example.test`);
    const answers = await Promise.all(
      rounds.map((shared, i) =>
        Promise.all([
          t.call({
            method: 'POST',
            url: '/api/users',
            token: superadmin,
            payload: providerPayload({ email: shared }),
          }),
          t.call({
            method: 'POST',
            url: '/api/admins',
            token: superadmin,
            payload: { username: shared, email: `other${i}-${Date.now()}@example.test`, role: 'admin' },
          }),
        ]),
      ),
    );
    for (const [provider, admin] of answers) {
      const created = [provider, admin].filter((a) => a.statusCode === 201).length;
      expect(created, `${provider.body} ${admin.body}`).toBe(1);
      const refused = [provider, admin].find((a) => a.statusCode !== 201);
      expect(['username_taken', 'email_taken']).toContain(refused?.json().code);
    }
  });
});

describe('answers that carry a token or personal data are not cached', () => {
  it('login and me answer Cache-Control: no-store', async () => {
    const user = await t.createUser({ role: 'host' });
    const login = await t.call({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const me = await t.call({ method: 'GET', url: '/api/users/me', token: login.json().data });
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.call({ method: 'GET', url: '/api/users/me' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
