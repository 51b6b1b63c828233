import { describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { createTestApp, TEST_PASSWORD } from './helpers/test-app';

const t = useApp({ sessions: ['host', 'otherHost', 'admin', 'superadmin'] });
const { tokens } = t;

describe('administrators', () => {
  it('only a superadmin creates an admin, who is listed for every admin', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/admins',
      token: tokens.superadmin,
      payload: { username: 'new.admin', email: 'new.admin@example.test', role: 'admin' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ role: 'admin', activated: false });
    const list = await t.call({ method: 'GET', url: '/api/admins?q=new.admin', token: tokens.admin });
    expect(list.json().data.map((u: { username: string }) => u.username)).toEqual(['new.admin']);
    const hosts = await t.call({ method: 'GET', url: '/api/admins?limit=500', token: tokens.admin });
    expect(hosts.json().data.every((u: { role: string }) => u.role !== 'host')).toBe(true);
  });

  it('refuses a host role through the admins routes', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/admins',
      token: tokens.superadmin,
      payload: { username: 'sneaky', email: 'sneaky@example.test', role: 'host' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.role).toBeDefined();
  });

  it('nobody deletes their own account, and the last superadmin is never deleted nor demoted', async () => {
    const solo = await createTestApp();
    try {
      const only = await solo.createUser({ role: 'superadmin' });
      const token = await solo.login(only.username, TEST_PASSWORD);
      const self = await solo.call({ method: 'DELETE', url: `/api/admins/${only.id}`, token });
      expect(self.statusCode).toBe(403);
      const demote = await solo.call({
        method: 'PUT',
        url: `/api/admins/${only.id}`,
        token,
        payload: { username: only.username, email: only.email, role: 'admin' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe(
        'Le dernier super-administrateur ne peut être ni supprimé ni rétrogradé.',
      );

      // With a second superadmin, one may demote or delete the other — but not both at once.
      const second = await solo.createUser({ role: 'superadmin' });
      const secondToken = await solo.login(second.username, TEST_PASSWORD);
      const [a, b] = await Promise.all([
        solo.call({
          method: 'PUT',
          url: `/api/admins/${second.id}`,
          token,
          payload: { username: second.username, email: second.email, role: 'admin' },
        }),
        solo.call({
          method: 'PUT',
          url: `/api/admins/${only.id}`,
          token: secondToken,
          payload: { username: only.username, email: only.email, role: 'admin' },
        }),
      ]);
      // One wins. The other is refused: 409 if its check ran after the winner's demotion, or 403 if the
      // winner demoted its author first (the role is read from the database at every call).
      const statuses = [a?.statusCode, b?.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const remaining = await solo.call({ method: 'GET', url: '/api/admins', token });
      const superadmins = remaining.json().data.filter((u: { role: string }) => u.role === 'superadmin');
      expect(superadmins).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});
