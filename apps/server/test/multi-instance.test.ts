import { randomBytes } from 'node:crypto';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/auth/service';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { withDatabase } from './global-setup';
import { insertEstablishment } from './helpers/declarations';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';

/**
 * Two instances of the server on one PostgreSQL database, each with its own connection pool, as behind a
 * load balancer: what one instance does, the other sees — sessions, revocations, login limits — and the
 * database's constraints hold when parallel requests are split between them. PostgreSQL only (`DATABASE_URL`):
 * the embedded database serves a single instance.
 */

const template = inject('databaseTemplate');

describe.runIf(template.kind === 'postgres')('two instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    const name = `${template.template}_multi_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
    await admin.end();
    const url = withDatabase(template.url, name);
    for (let i = 0; i < 2; i++) handles.push(await openDatabase({ url, poolSize: 5 }));
    // Started together, with no JWT_SECRET: they must agree on the one generated into the database.
    const [first, second] = await Promise.all(handles.map((database) => createTestApp({}, { database })));
    a = first as TestApp;
    b = second as TestApp;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const me = (t: TestApp, token: string) => t.call({ method: 'GET', url: '/api/users/me', token });

  it('a session opened on one instance is valid on the other', async () => {
    const user = await a.createUser();
    const token = await a.login(user.username, TEST_PASSWORD);
    expect((await me(b, token)).statusCode).toBe(200);
    const back = await b.login(user.username, TEST_PASSWORD);
    expect((await me(a, back)).statusCode).toBe(200);
  });

  it('a session revoked on one instance is refused by the other', async () => {
    const user = await a.createUser();
    const token = await a.login(user.username, TEST_PASSWORD);
    expect((await me(b, token)).statusCode).toBe(200);
    const changed = await a.call({
      method: 'PUT',
      url: '/api/users/change-password',
      token,
      payload: { currentPassword: TEST_PASSWORD, password: 'Quetsches-de-Moselle-58' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await me(b, token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('token_invalid');
  });

  it('an account archived on one instance is shut out of the other', async () => {
    const host = await a.createUser({ role: 'host' });
    const admin = await a.createUser({ role: 'admin' });
    const hostToken = await b.login(host.username, TEST_PASSWORD);
    const adminToken = await a.login(admin.username, TEST_PASSWORD);
    const archived = await a.call({
      method: 'POST',
      url: `/api/users/${host.id}/archive`,
      token: adminToken,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await me(b, hostToken)).statusCode).toBe(401);
  });

  it('login failures are counted across both instances', async () => {
    const user = await a.createUser();
    const address = '10.77.0.1';
    const limit = LOGIN_LIMITS.accountAddress.limit;
    const codes: string[] = [];
    for (let i = 0; i < limit + 2; i++) {
      const t = i % 2 === 0 ? a : b;
      const response = await t.call({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: address,
        payload: { username: user.username, password: `wrong-${i}-password` },
      });
      codes.push(response.json().code);
    }
    expect(codes.filter((c) => c === 'invalid_credentials')).toHaveLength(limit);
    expect(codes.slice(limit)).toEqual(['rate_limited', 'rate_limited']);
  });

  it('one pricing per period when parallel creations are split between the instances', async () => {
    const admin = await a.createUser({ role: 'admin' });
    const token = await a.login(admin.username, TEST_PASSWORD);
    const payload = lawfulPricingPayload() as object;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? a : b).call({ method: 'POST', url: '/api/pricings', token, payload }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(),
    ).toHaveLength(1);
    for (const r of answers.filter((r) => r.statusCode !== 201))
      expect(r.json().code).toBe('pricing_overlap');
  });

  it('one declaration per establishment and month when parallel creations are split between them', async () => {
    const admin = await a.createUser({ role: 'admin' });
    const host = await a.createUser({ role: 'host' });
    const adminToken = await a.login(admin.username, TEST_PASSWORD);
    const token = await b.login(host.username, TEST_PASSWORD);
    // The 2026 pricing, unless the test above made it already.
    const pricing = await a.call({
      method: 'POST',
      url: '/api/pricings',
      token: adminToken,
      payload: lawfulPricingPayload() as object,
    });
    expect([201, 409], pricing.body).toContain(pricing.statusCode);
    const hotel = await insertEstablishment(a, host.id, { type: 'HOTEL_3' });
    const payload = {
      establishmentId: hotel.id,
      year: 2026,
      month: 2,
      personCount: 2,
      nightsCount: 4,
      exemptedCount: 0,
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? a : b).call({ method: 'POST', url: '/api/declarations', token, payload }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(),
    ).toHaveLength(1);
    for (const r of answers.filter((r) => r.statusCode !== 201)) {
      expect(r.json().code).toBe('declaration_exists');
    }
  });
});
