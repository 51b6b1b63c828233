import type { TestApp } from './test-app';
import { TEST_PASSWORD } from './test-app';

export type Actor = 'anonymous' | 'host' | 'otherHost' | 'admin' | 'superadmin';

/** One account of each kind, logged in: the actors of the permission tests. */
export async function createActors(t: TestApp) {
  const host = await t.createUser({ role: 'host' });
  const otherHost = await t.createUser({ role: 'host' });
  const admin = await t.createUser({ role: 'admin' });
  const superadmin = await t.createUser({ role: 'superadmin' });
  return {
    ids: { host: host.id, otherHost: otherHost.id, admin: admin.id, superadmin: superadmin.id },
    tokens: {
      host: await t.login(host.username, TEST_PASSWORD),
      otherHost: await t.login(otherHost.username, TEST_PASSWORD),
      admin: await t.login(admin.username, TEST_PASSWORD),
      superadmin: await t.login(superadmin.username, TEST_PASSWORD),
    } as Record<Exclude<Actor, 'anonymous'>, string>,
  };
}

let sequence = 0;

/** A valid provider payload, unique at each call. */
export function providerPayload(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const n = `${sequence}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `provider${n}`,
    email: `provider${n}@example.test`,
    firstname: 'Marie',
    lastname: `Martin${n}`,
    company: 'Gîtes du Lac',
    phone: '+33612345678',
    address: '1 rue des Lilas',
    city: 'Metz',
    cp: '57000',
    ...overrides,
  };
}
