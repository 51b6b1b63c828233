import type { PricingPayloadInput } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { expect } from 'vitest';
import { declarations, establishments, pricings } from '../../src/db/schema';
import { TEST_PASSWORD, type TestApp } from './test-app';

/** A host, an admin and a superadmin, logged in: the accounts of the pricing tests. */
export async function createPricingActors(t: TestApp) {
  const host = await t.createUser({ role: 'host' });
  const admin = await t.createUser({ role: 'admin' });
  const superadmin = await t.createUser({ role: 'superadmin' });
  return {
    hostId: host.id,
    adminUsername: admin.username,
    tokens: {
      host: await t.login(host.username, TEST_PASSWORD),
      admin: await t.login(admin.username, TEST_PASSWORD),
      superadmin: await t.login(superadmin.username, TEST_PASSWORD),
    },
  };
}

export type PricingActors = Awaited<ReturnType<typeof createPricingActors>>;

/**
 * For beforeEach: the clock back to its start (15 March 2026, Paris) and no pricing, so that each test
 * sets its own scene.
 */
export async function resetPricings(t: TestApp) {
  t.clock.advance(new Date('2026-03-15T10:00:00Z').getTime() - t.clock.now().getTime());
  await t.database.db.delete(declarations);
  await t.database.db.delete(establishments);
  await t.database.db.delete(pricings);
}

/** Valid for every year with bounds (2024–2026). */
export const payload = lawfulPricingPayload;

export function withRows(rows: Record<string, unknown>, overrides: Partial<PricingPayloadInput> = {}) {
  const base = payload(overrides);
  return { ...base, rows: { ...base.rows, ...rows } };
}

/** The error envelope, with nothing of the database's internals in it. */
export function expectError(
  response: { statusCode: number; json(): Record<string, unknown> },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/stack|SELECT|constraint|23P01/i);
  return body as { message: string; errors?: Record<string, string> };
}

/**
 * The pricing calls of one test file, as the admin unless told otherwise. The app and the admin's token
 * are read at each call: they only exist once the file's beforeAll has run.
 */
export function pricingCalls(current: () => { t: TestApp; adminToken: string }) {
  function create(body: unknown, token = current().adminToken) {
    return current().t.call({ method: 'POST', url: '/api/pricings', payload: body as object, token });
  }

  async function created(body: unknown = payload()): Promise<{ id: number }> {
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  function update(id: number, body: unknown, token = current().adminToken) {
    return current().t.call({ method: 'PUT', url: `/api/pricings/${id}`, payload: body as object, token });
  }

  async function pricingCount(): Promise<number> {
    return (await current().t.database.db.select().from(pricings)).length;
  }

  return { create, created, update, pricingCount };
}

export interface DeclarationScene {
  pricingId: number;
  type: 'HOTEL_3' | 'NONE' | null;
  year?: number;
  month?: number;
  done?: boolean;
}

/** An establishment of the host and one declaration computed with a pricing. */
export async function insertDeclaration(t: TestApp, hostId: number, options: DeclarationScene) {
  const [establishment] = await t.database.db
    .insert(establishments)
    .values({ userId: hostId, name: `Hôtel ${Math.random()}`, type: options.type })
    .returning();
  const [declaration] = await t.database.db
    .insert(declarations)
    .values({
      establishmentId: establishment!.id,
      userId: hostId,
      pricingId: options.pricingId,
      year: options.year ?? 2026,
      month: options.month ?? 3,
      done: options.done ?? true,
      nightsCount: 10,
    })
    .returning();
  return declaration!;
}
