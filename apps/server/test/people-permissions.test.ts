import { describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { type Actor, providerPayload } from './helpers/people';

const t = useApp({ sessions: ['host', 'otherHost', 'admin', 'superadmin'] });
const { tokens, users } = t;

const provider = providerPayload;

describe('permission matrix of the people routes', () => {
  const actors: Actor[] = ['anonymous', 'host', 'otherHost', 'admin', 'superadmin'];

  /** Each route with the status every actor must get. Bodies are valid so only the rule decides. */
  const matrix: Array<{
    name: string;
    request: () => {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      payload?: Record<string, unknown>;
    };
    expected: Record<Actor, number>;
  }> = [
    {
      name: 'GET /users',
      request: () => ({ method: 'GET', url: '/api/users' }),
      expected: { anonymous: 401, host: 403, otherHost: 403, admin: 200, superadmin: 200 },
    },
    {
      name: 'POST /users',
      request: () => ({ method: 'POST', url: '/api/users', payload: provider() }),
      expected: { anonymous: 401, host: 403, otherHost: 403, admin: 201, superadmin: 201 },
    },
    {
      name: 'GET /users/:id',
      request: () => ({ method: 'GET', url: `/api/users/${users.host.id}` }),
      expected: { anonymous: 401, host: 403, otherHost: 403, admin: 200, superadmin: 200 },
    },
    {
      name: 'PUT /users/:id',
      request: () => ({ method: 'PUT', url: `/api/users/${users.host.id}`, payload: provider() }),
      expected: { anonymous: 401, host: 403, otherHost: 403, admin: 200, superadmin: 200 },
    },
    {
      name: 'POST /users/:id/restore',
      request: () => ({ method: 'POST', url: `/api/users/${users.host.id}/restore` }),
      expected: { anonymous: 401, host: 403, otherHost: 403, admin: 200, superadmin: 200 },
    },
    {
      name: 'DELETE /users/:id (unknown id)',
      request: () => ({ method: 'DELETE', url: '/api/users/999999' }),
      expected: { anonymous: 401, host: 403, otherHost: 403, admin: 404, superadmin: 404 },
    },
    {
      name: 'GET /admins',
      request: () => ({ method: 'GET', url: '/api/admins' }),
      expected: { anonymous: 401, host: 403, otherHost: 403, admin: 200, superadmin: 200 },
    },
    {
      name: 'GET /admins/:id',
      request: () => ({ method: 'GET', url: `/api/admins/${users.admin.id}` }),
      expected: { anonymous: 401, host: 403, otherHost: 403, admin: 200, superadmin: 200 },
    },
    {
      name: 'POST /admins',
      request: () => ({
        method: 'POST',
        url: '/api/admins',
        payload: { ...provider(), company: undefined, role: 'admin' },
      }),
      expected: { anonymous: 401, host: 403, otherHost: 403, admin: 403, superadmin: 201 },
    },
    {
      name: 'PUT /admins/:id',
      request: () => ({
        method: 'PUT',
        url: `/api/admins/${users.admin.id}`,
        payload: { username: 'claire.admin', email: 'claire.admin@example.test', role: 'admin' },
      }),
      expected: { anonymous: 401, host: 403, otherHost: 403, admin: 403, superadmin: 200 },
    },
    {
      name: 'DELETE /admins/:id (unknown id)',
      request: () => ({ method: 'DELETE', url: '/api/admins/999999' }),
      expected: { anonymous: 401, host: 403, otherHost: 403, admin: 403, superadmin: 404 },
    },
  ];

  for (const route of matrix) {
    for (const actor of actors) {
      it(`${route.name} as ${actor} → ${route.expected[actor]}`, async () => {
        const response = await t.call({
          ...route.request(),
          token: actor === 'anonymous' ? undefined : tokens[actor],
        });
        expect(response.statusCode).toBe(route.expected[actor]);
        const body = response.json();
        expect(body.success).toBe(response.statusCode < 400);
        if (response.statusCode >= 400) expect(body.message).toMatch(/\p{L}/u);
      });
    }
  }

  it('an anonymous caller with an invalid body still gets 401, not the schema', async () => {
    const response = await t.call({ method: 'POST', url: '/api/users', payload: { nonsense: true } });
    expect(response.statusCode).toBe(401);
  });
});
