import {
  allContracts,
  errorCodesOf,
  inputFieldsOf,
  isOpenToHosts,
  pathOf,
  type ResourceKind,
  type RouteContract,
} from '@sejour/domain';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { installAccessControl } from '../src/auth/access';
import { useApp } from './fixture';
import { insertOwnedRows } from './helpers/owned-rows';

/**
 * Generated from the contract registry: every endpoint is called by every kind of caller its rule refuses,
 * and must refuse with the envelope — never 2xx, never 5xx — with a code its contract declares
 * (`errorCodesOf`). Ids a route names — `:id`, and the body and query fields of `ownsInput` — are tried with
 * another host's id, which must answer exactly like a missing one. A new route is covered by declaring it.
 */
const t = useApp({ sessions: ['host', 'otherHost', 'admin', 'superadmin'] });
/** An id of each kind owned by (or, for `admin`, being) someone other than host A. */
let foreignIds: Record<ResourceKind, number>;
/** An id of each kind host A may touch (`admin`: none). */
let ownIds: Record<Exclude<ResourceKind, 'admin'>, number>;
const MISSING_ID = 987654;

beforeAll(async () => {
  const rows = await insertOwnedRows(t.database.db, t.users.otherHost.id);
  foreignIds = {
    user: t.users.otherHost.id,
    admin: t.users.admin.id,
    establishment: rows.establishment,
    declaration: rows.declaration,
    stay: rows.stay,
    change_request: rows.change_request,
  };
  const own = await insertOwnedRows(t.database.db, t.users.host.id);
  ownIds = {
    user: t.users.host.id,
    establishment: own.establishment,
    declaration: own.declaration,
    stay: own.stay,
    change_request: own.change_request,
  };
});

const label = (c: RouteContract) => `${c.method} /api${c.path}`;

/** Every parameter of the path (`:id`, `:year`…) gets the id: a route is covered whatever it names them. */
function urlOf(contract: RouteContract, id: number = MISSING_ID): string {
  const names = [...contract.path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1] ?? 'id');
  return `/api${pathOf(contract.path, Object.fromEntries(names.map((name) => [name, id])))}`;
}

/**
 * Calls a route (every path parameter set to `id`), with an empty body or `input` in the body or the query
 * string (wherever its schema has the field). Whatever it answers, an error's code must be one the contract
 * declares.
 */
async function call(
  contract: RouteContract,
  token: string | undefined,
  id?: number,
  input: Record<string, number> = {},
): Promise<LightMyRequestResponse> {
  const bodyFields = inputFieldsOf(contract.body);
  const inBody = Object.entries(input).filter(([field]) => bodyFields.includes(field));
  const inQuery = Object.entries(input).filter(([field]) => !bodyFields.includes(field));
  const search = new URLSearchParams(
    inQuery.map(([field, value]): [string, string] => [field, String(value)]),
  ).toString();
  const response = await t.call({
    method: contract.method,
    url: `${urlOf(contract, id)}${search ? `?${search}` : ''}`,
    token,
    ...(contract.body ? { payload: Object.fromEntries(inBody) } : {}),
  });
  expectDeclaredCode(contract, response);
  return response;
}

/** An error answer's code is one the route's contract declares (its own, its rule's, the common ones). */
function expectDeclaredCode(contract: RouteContract, response: LightMyRequestResponse) {
  if (!String(response.headers['content-type'] ?? '').includes('application/json')) return;
  const body = response.json();
  if (body.success !== false) return;
  expect(errorCodesOf(contract), `${label(contract)} answered ${body.code}`).toContain(body.code);
}

function expectRefusal(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code });
  expect(body.message).toMatch(/\p{L}/u);
}

const guarded = allContracts.filter((c) => c.access !== 'public');
const adminOnly = allContracts.filter((c) => !isOpenToHosts(c.access));
const superadminOnly = allContracts.filter((c) => c.access === 'superadmin');
const linkRoutes = allContracts.filter((c) => typeof c.access === 'object');
const hostOwned = allContracts.filter(
  (c) => isOpenToHosts(c.access) && typeof c.access !== 'object' && c.owns && c.owns !== 'shared',
);
const owned = allContracts.filter((c) => c.owns && c.owns !== 'shared' && c.owns !== 'self');
/** Each id a body or query carries, with its route: `[label, contract, field, kind]`. */
const inputIds = allContracts.flatMap((c) =>
  Object.entries(c.ownsInput ?? {}).map(([field, kind]) => [`${label(c)} ${field}`, c, field, kind] as const),
);
const hostInputIds = inputIds.filter(([, c]) => isOpenToHosts(c.access) && typeof c.access !== 'object');

describe('anonymous callers', () => {
  it.each(guarded.map((c) => [label(c), c] as const))('%s → 401', async (_name, contract) => {
    expectRefusal(await call(contract, undefined), 401, 'unauthorized');
  });
});

describe('hosts on admin routes', () => {
  it.each(adminOnly.map((c) => [label(c), c] as const))('%s → 403', async (_name, contract) => {
    expectRefusal(await call(contract, t.tokens.host, foreignIds.user), 403, 'forbidden');
  });
});

describe('plain admins on superadmin routes', () => {
  it.each(superadminOnly.map((c) => [label(c), c] as const))('%s → 403', async (_name, contract) => {
    expectRefusal(await call(contract, t.tokens.admin, t.users.superadmin.id), 403, 'forbidden');
  });
});

describe('link routes with a session token', () => {
  it.each(linkRoutes.map((c) => [label(c), c] as const))('%s → 401', async (_name, contract) => {
    expectRefusal(await call(contract, t.tokens.host, t.users.host.id), 401, 'link_invalid');
  });
});

describe('owned resources', () => {
  it.runIf(hostOwned.length > 0).each(hostOwned.map((c) => [label(c), c] as const))(
    '%s: another host’s id answers exactly like a missing one',
    async (_name, contract) => {
      const kind = contract.owns as ResourceKind;
      const foreign = await call(contract, t.tokens.host, foreignIds[kind]);
      const missing = await call(contract, t.tokens.host, MISSING_ID);
      expectRefusal(foreign, 404, 'not_found');
      expect(foreign.body).toBe(missing.body);
    },
  );

  it.each(owned.map((c) => [label(c), c] as const))(
    '%s: a missing id answers 404 to a caller the rule lets in, before the body is read',
    async (_name, contract) => {
      const token = contract.access === 'superadmin' ? t.tokens.superadmin : t.tokens.admin;
      expectRefusal(await call(contract, token, MISSING_ID), 404, 'not_found');
    },
  );
});

describe('owned ids in the body or the query string', () => {
  it.each(hostInputIds)(
    '%s: another host’s id answers exactly like a missing one',
    async (_name, contract, field, kind) => {
      const foreign = await call(contract, t.tokens.host, MISSING_ID, { [field]: foreignIds[kind] });
      const missing = await call(contract, t.tokens.host, MISSING_ID, { [field]: MISSING_ID });
      expectRefusal(foreign, 404, 'not_found');
      expect(foreign.body).toBe(missing.body);
    },
  );

  it.each(hostInputIds.filter(([, , , kind]) => kind !== 'admin'))(
    '%s: the host’s own id passes the ownership check',
    async (_name, contract, field, kind) => {
      const own = ownIds[kind as Exclude<ResourceKind, 'admin'>];
      const response = await call(contract, t.tokens.host, own, { [field]: own });
      expect(response.statusCode).toBeLessThan(500);
      if (response.statusCode === 404) expect(contract.path).toContain(':');
    },
  );

  it.each(inputIds)(
    '%s: a missing id answers 404 to a caller the rule lets in',
    async (_name, contract, field) => {
      const token = contract.access === 'superadmin' ? t.tokens.superadmin : t.tokens.admin;
      expectRefusal(await call(contract, token, undefined, { [field]: MISSING_ID }), 404, 'not_found');
    },
  );
});

describe('callers the rule lets in', () => {
  const sessionRoutes = allContracts.filter((c) => typeof c.access !== 'object');
  it.each(sessionRoutes.map((c) => [label(c), c] as const))(
    '%s with an empty body and a missing id: an answer in the envelope, never a 5xx',
    async (_name, contract) => {
      const token = contract.access === 'public' ? undefined : t.tokens.superadmin;
      const response = await call(contract, token, MISSING_ID);
      expect(response.statusCode).toBeLessThan(500);
      if (contract.produces && response.statusCode < 400) {
        // A file answer is the file itself, of the contract's media type.
        expect(response.headers['content-type']).toContain(contract.produces);
        return;
      }
      const body = response.json();
      expect(body.success).toBe(response.statusCode < 400);
      if (!body.success) expect(body.code).toMatch(/^[a-z_]+$/);
    },
  );
});

describe('the route registry', () => {
  it('every /api route Fastify registered comes from a contract, and every contract is registered', () => {
    const declared = new Set(allContracts.map((c) => `${c.method} /api${c.path}`));
    const registered = new Set<string>();
    // printRoutes draws a tree: each level indents by 4 characters and adds a segment to its parent's path.
    const stack: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /^(.*?)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
      if (!match?.[2] || !match[3]) continue;
      const depth = (match[1] ?? '').length / 4;
      stack.length = depth;
      stack.push(match[2]);
      const path = stack.join('');
      if (!path.startsWith('/api') || path.startsWith('/api/docs')) continue;
      for (const method of match[3].split(', ')) {
        if (method !== 'HEAD') registered.add(`${method} ${path}`);
      }
    }
    expect([...registered].sort()).toEqual([...declared].sort());
  });

  it('the server refuses to start with an /api route that has no contract', () => {
    const app = Fastify();
    installAccessControl(app, {
      tokens: {} as never,
      users: { findSessionAccount: async () => undefined },
      db: {} as never,
    });
    expect(() => app.get('/api/forgotten', async () => 'open')).toThrow(/not declared by a route contract/);
  });

  it('the server refuses to start with a host-open :id route that declares no owned resource', () => {
    const app = Fastify();
    installAccessControl(app, {
      tokens: {} as never,
      users: { findSessionAccount: async () => undefined },
      db: {} as never,
    });
    const contract: RouteContract = {
      method: 'GET',
      path: '/things/:id',
      summary: 'Une chose',
      tags: [],
      access: 'user',
      response: {} as never,
      errors: [],
    };
    expect(() =>
      app.route({ method: 'GET', url: '/api/things/:id', config: { contract }, handler: async () => 'x' }),
    ).toThrow(/must declare owns/);
  });
});
