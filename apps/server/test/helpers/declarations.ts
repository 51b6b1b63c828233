import type { EstablishmentType } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { expect } from 'vitest';
import { establishments } from '../../src/db/schema';
import { TEST_PASSWORD, type TestApp } from './test-app';

/** Two hosts and an admin, logged in, and the 2026 pricing: the scene of the declarations tests. */
export async function createDeclarationScene(t: TestApp) {
  const hostA = await t.createUser({ role: 'host' });
  const hostB = await t.createUser({ role: 'host' });
  const admin = await t.createUser({ role: 'admin' });
  const tokens = {
    hostA: await t.login(hostA.username, TEST_PASSWORD),
    hostB: await t.login(hostB.username, TEST_PASSWORD),
    admin: await t.login(admin.username, TEST_PASSWORD),
  };
  const pricing = await t.call({
    method: 'POST',
    url: '/api/pricings',
    payload: lawfulPricingPayload() as object,
    token: tokens.admin,
  });
  expect(pricing.statusCode, pricing.body).toBe(201);
  return { ids: { hostA: hostA.id, hostB: hostB.id, admin: admin.id }, tokens };
}

export type DeclarationScene = Awaited<ReturnType<typeof createDeclarationScene>>;

/** An establishment of a host, inserted directly (the establishments API is tested on its own). */
export async function insertEstablishment(
  t: TestApp,
  userId: number,
  values: { type?: EstablishmentType | null; capacityMaxPerson?: number | null; name?: string } = {},
) {
  const [row] = await t.database.db
    .insert(establishments)
    .values({
      userId,
      name: values.name ?? `Établissement ${Math.random().toString(36).slice(2, 7)}`,
      type: values.type === undefined ? 'HOTEL_3' : values.type,
      capacityMaxPerson: values.capacityMaxPerson === undefined ? 20 : values.capacityMaxPerson,
      city: 'Metz',
      cp: '57000',
    })
    .returning();
  return row!;
}

/** The declaration calls, with a token. */
export function declarationCalls(t: () => TestApp) {
  return {
    create: (token: string, payload: object) =>
      t().call({ method: 'POST', url: '/api/declarations', payload, token }),
    update: (token: string, id: number, payload: object) =>
      t().call({ method: 'PUT', url: `/api/declarations/${id}`, payload, token }),
    get: (token: string, id: number) => t().call({ method: 'GET', url: `/api/declarations/${id}`, token }),
    done: (token: string, id: number) =>
      t().call({ method: 'POST', url: `/api/declarations/${id}/done`, payload: {}, token }),
    reopen: (token: string, id: number) =>
      t().call({ method: 'POST', url: `/api/declarations/${id}/reopen`, payload: {}, token }),
    remove: (token: string, id: number) =>
      t().call({ method: 'DELETE', url: `/api/declarations/${id}`, token }),
  };
}
