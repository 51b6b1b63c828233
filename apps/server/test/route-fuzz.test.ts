import { allContracts, type RouteContract } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { and, eq, gte, lte, notInArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/auth/tokens';
import { digestDatabase } from '../src/db/digest';
import { declarations, establishments, pricings } from '../src/db/schema';
import { useApp } from './fixture';
import { LINK_TEST_SECRET, linkIssuer } from './helpers/link-token';
import { insertOwnedRows } from './helpers/owned-rows';
import {
  expectFrench,
  type FixtureIds,
  label,
  nextIp,
  type RouteRequest,
  urlOf,
  validRequest,
} from './helpers/route-inputs';
import { keysOf, leavesOf, type Path, withLeaf } from './helpers/schema-samples';

/**
 * Random requests on every route of the registry, generated from its contract: a valid request is broken in
 * a few random ways at once — a path parameter, a query key or a body field replaced by a hostile value
 * (control characters, emoji, right-to-left text, a megabyte, numbers out of any range, the wrong type),
 * fields left out or added, the whole body replaced, the wrong content type — and sent by a random caller
 * (anonymous, the host who owns the rows, another host, an admin, a superadmin, a link, a forged token).
 * Whatever comes: never a 5xx, always the JSON envelope with a French message, and a refused request leaves
 * every table as it was. A new route is fuzzed as soon as it is in the registry.
 *
 * `FUZZ_RUNS` sets the requests per route (default 12; raise it locally to dig deeper), `FUZZ_SEED` replays a
 * failure that fast-check printed.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Written by refused requests on purpose: the counters of the login and mail limits. */
const WRITTEN_WHEN_REFUSED = ['rate_limit_counters'];
/** A refused sign-in is itself recorded: the audit log keeps failed sign-ins (docs/features/audit.md). */
const RECORDED_WHEN_REFUSED: Record<string, string[]> = { 'POST /users/login': ['audit_log'] };

const NUL = 'a\u0000b';
const EMOJI_RTL = 'Gîte 🏡👨‍👩‍👧 \u202Eمرحبا\u202C';
/** Stands for a megabyte of text in the generated cases, so that a failure prints short; sent expanded. */
const ONE_MB = '<one megabyte>';
const expand = (value: unknown): unknown => (value === ONE_MB ? 'é'.repeat(512 * 1024) : value);
/** Path segments a client can send and no encoder writes: broken escapes, a NUL, a climb. */
const RAW_SEGMENTS = ['%FF', '%', '%E0%A4%A', '%00', '%2e%2e', '..', '%C0%AF', '1%20', '+1'];

const hostileString = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      NUL,
      EMOJI_RTL,
      '\u202E',
      '\uFEFF',
      '\uD800',
      ' ',
      '',
      '0',
      '-1',
      '2147483648',
      '-2147483649',
      '1e20',
      'NaN',
      'Infinity',
      'null',
      'true',
      '[]',
      '{}',
      '__proto__',
      "'; DROP TABLE users; --",
      '../../etc/passwd',
      '%00',
      '<script>alert(1)</script>',
      'data:image/png;base64,AAAA',
      '2026-02-30',
      '9999-12-31',
    ),
    weight: 4,
  },
  { arbitrary: fc.constant(ONE_MB), weight: 1 },
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(2147483648, -2147483649, 2 ** 53 + 2, 1e20, -1e20, -0, 0.5, -1, Number.MAX_VALUE),
  fc.double(),
);
const mistyped = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const hostileValue = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: mistyped, weight: 2 },
);

/** How the body travels: mostly JSON, sometimes as something a JSON API must refuse cleanly. */
type Encoding = 'json' | 'text' | 'form' | 'broken-json' | 'multipart' | 'octet';
const encoding = fc.oneof(
  { arbitrary: fc.constant<Encoding>('json'), weight: 10 },
  {
    arbitrary: fc.constantFrom<Encoding>('text', 'form', 'broken-json', 'multipart', 'octet'),
    weight: 2,
  },
);

type Caller = 'anonymous' | 'host' | 'otherHost' | 'admin' | 'superadmin' | 'link' | 'forged';
const caller = fc.oneof(
  { arbitrary: fc.constantFrom<Caller>('host', 'otherHost', 'admin', 'superadmin'), weight: 8 },
  { arbitrary: fc.constantFrom<Caller>('anonymous', 'link', 'forged'), weight: 2 },
);
/** A link route is called with its link most of the time: the other callers are refused at the door. */
const linkCaller = fc.oneof(
  { arbitrary: fc.constant<Caller>('link'), weight: 7 },
  { arbitrary: caller, weight: 3 },
);

type Mutation =
  | { kind: 'param'; index: number; value: string }
  | { kind: 'foreignParam'; index: number }
  | { kind: 'rawParam'; index: number; segment: string }
  | { kind: 'query'; index: number; value: string }
  | { kind: 'extraQuery'; key: string; value: string }
  | { kind: 'leaf'; index: number; value: unknown }
  | { kind: 'dropLeaf'; index: number }
  | { kind: 'extraField'; key: string; value: unknown }
  | { kind: 'body'; value: unknown };

const extraKey = fc.oneof(
  fc.constantFrom('id', 'role', 'userId', 'tokenVersion', 'passwordHash', '__proto__', 'constructor', ''),
  fc.string({ maxLength: 8 }),
);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('param' as const),
    index: fc.nat(),
    value: fc.oneof(hostileString, hostileNumber.map(String)),
  }),
  fc.record({ kind: fc.constant('foreignParam' as const), index: fc.nat() }),
  fc.record({
    kind: fc.constant('rawParam' as const),
    index: fc.nat(),
    segment: fc.constantFrom(...RAW_SEGMENTS),
  }),
  fc.record({
    kind: fc.constant('query' as const),
    index: fc.nat(),
    value: fc.oneof(hostileString, hostileNumber.map(String)),
  }),
  fc.record({ kind: fc.constant('extraQuery' as const), key: extraKey, value: hostileString }),
  {
    arbitrary: fc.record({ kind: fc.constant('leaf' as const), index: fc.nat(), value: hostileValue }),
    weight: 3,
  },
  fc.record({ kind: fc.constant('dropLeaf' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('extraField' as const), key: extraKey, value: hostileValue }),
  fc.record({ kind: fc.constant('body' as const), value: fc.oneof(hostileValue, fc.constant(undefined)) }),
);

const fuzzCase = (contract: RouteContract) =>
  fc.record({
    caller: typeof contract.access === 'object' ? linkCaller : caller,
    encoding,
    mutations: fc.array(mutation, { minLength: 0, maxLength: 3 }),
  });

const t = useApp({ env: { JWT_SECRET: LINK_TEST_SECRET } });
let signer: ReturnType<typeof createTokenService>;
let issueLink: ReturnType<typeof linkIssuer>;
let superadminToken: string;

beforeAll(async () => {
  signer = createTokenService({ secret: LINK_TEST_SECRET, sessionTtlSeconds: 3600, now: t.clock.now });
  issueLink = linkIssuer(t);
  const superadmin = await t.createUser({ role: 'superadmin' });
  superadminToken = await signer.sign(superadmin);
});
afterAll(() => {
  if (process.env.FUZZ_STATS) console.log(JSON.stringify(Object.fromEntries(answers), null, 1));
});

/** With `FUZZ_STATS=1`, what each route answered: to see how deep the random requests go. */
const answers = new Map<string, Record<string, number>>();
function tally(contract: RouteContract, response: LightMyRequestResponse) {
  if (!process.env.FUZZ_STATS) return;
  const counts = answers.get(label(contract)) ?? {};
  const code = response.statusCode < 400 ? String(response.statusCode) : (response.json().code as string);
  counts[code] = (counts[code] ?? 0) + 1;
  answers.set(label(contract), counts);
}

interface Fixtures {
  /** Rows the request may name: the host's, the admin, the accounts the links are for. */
  ids: FixtureIds;
  /** Rows of another host (and the superadmin, for admin routes): ids a host must not reach. */
  foreign: FixtureIds;
  tokens: Record<'host' | 'otherHost' | 'admin' | 'superadmin', string>;
}

/**
 * New accounts and rows for each route: a route that deletes or archives the rows it is given leaves the
 * next route something to work on. Tokens are signed directly: no password hashing per route.
 */
async function freshFixtures(): Promise<Fixtures> {
  await ensurePricingOf2026();
  const [host, otherHost, admin, superadmin] = await Promise.all([
    t.createUser({ role: 'host' }),
    t.createUser({ role: 'host' }),
    t.createUser({ role: 'admin' }),
    t.createUser({ role: 'superadmin' }),
  ]);
  const pending = await t.createUser({ activated: false, passwordHash: null });
  const active = await t.createUser();
  const own = await insertOwnedRows(t.database.db, host.id);
  const other = await insertOwnedRows(t.database.db, otherHost.id);
  await t.database.db
    .update(establishments)
    .set({ type: 'NONE' })
    .where(eq(establishments.id, own.establishment));
  return {
    ids: {
      user: host.id,
      admin: admin.id,
      establishment: own.establishment,
      declaration: own.declaration,
      stay: own.stay,
      activate: pending.id,
      reset: active.id,
    },
    foreign: {
      user: otherHost.id,
      admin: superadmin.id,
      establishment: other.establishment,
      declaration: other.declaration,
      stay: other.stay,
      activate: active.id,
      reset: pending.id,
    },
    tokens: {
      host: await signer.sign(host),
      otherHost: await signer.sign(otherHost),
      admin: await signer.sign(admin),
      superadmin: await signer.sign(superadmin),
    },
  };
}

/**
 * A pricing over 2026, the year the declarations' hints name: a fuzzed route may have deleted or moved it,
 * and without one every declaration would stop at `no_pricing_for_period`.
 */
async function ensurePricingOf2026() {
  const covering = await t.database.db
    .select({ id: pricings.id })
    .from(pricings)
    .where(and(lte(pricings.beginDate, '2026-01-01'), gte(pricings.endDate, '2026-12-31')));
  if (covering.length > 0) return;
  await t.database.db
    .delete(pricings)
    .where(
      notInArray(
        pricings.id,
        t.database.db.select({ id: sql<number>`coalesce(${declarations.pricingId}, 0)` }).from(declarations),
      ),
    );
  // Best effort: a pricing kept by a declaration may still overlap; the routes are fuzzed all the same.
  await t.call({
    method: 'POST',
    url: '/api/pricings',
    payload: lawfulPricingPayload() as object,
    token: superadminToken,
  });
}

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

/** The valid request of the route, broken by the case's mutations. */
function buildRequest(
  contract: RouteContract,
  fixtures: Fixtures,
  mutations: Mutation[],
): RouteRequest & { raw: Record<string, string> } {
  const request = validRequest(contract, fixtures.ids);
  const raw: Record<string, string> = {};
  const params = Object.keys(request.params);
  const queryKeys = keysOf(contract.query);
  let body = request.body;
  for (const m of mutations) {
    const leaves = leavesOf(body).filter((leaf) => leaf.path.length > 0);
    switch (m.kind) {
      case 'param': {
        const name = pick(params, m.index);
        if (name) request.params[name] = expand(m.value) as string;
        break;
      }
      case 'rawParam': {
        const name = pick(params, m.index);
        if (name) raw[name] = m.segment;
        break;
      }
      case 'foreignParam': {
        const name = pick(params, m.index);
        const idOf = typeof contract.access === 'object' ? contract.access.purpose : contract.owns;
        const foreign = idOf ? fixtures.foreign[idOf] : undefined;
        if (name && foreign !== undefined) request.params[name] = String(foreign);
        break;
      }
      case 'query': {
        const name = pick(queryKeys, m.index);
        if (name) request.query[name] = expand(m.value) as string;
        break;
      }
      case 'extraQuery':
        request.query[m.key] = expand(m.value) as string;
        break;
      case 'leaf': {
        const leaf = pick(leaves, m.index);
        body = leaf ? withLeaf(body, leaf.path as Path, expand(m.value)) : expand(m.value);
        break;
      }
      case 'dropLeaf': {
        const leaf = pick(leaves, m.index);
        if (leaf) body = withoutLeaf(body, leaf.path as Path);
        break;
      }
      case 'extraField':
        if (body && typeof body === 'object' && !Array.isArray(body)) {
          body = { ...(body as object), [m.key]: expand(m.value) };
        }
        break;
      case 'body':
        body = expand(m.value);
        break;
    }
  }
  return { ...request, body, raw };
}

function withoutLeaf(value: unknown, path: Path): unknown {
  const [head, ...rest] = path as [string, ...string[]];
  const object = { ...(value as Record<string, unknown>) };
  if (rest.length === 0) delete object[head];
  else object[head] = withoutLeaf(object[head], rest);
  return object;
}

/** The payload and its content type, as the encoding sends them. */
function encode(body: unknown, how: Encoding): { payload?: string | Buffer; contentType?: string } {
  const json = body === undefined ? undefined : JSON.stringify(body);
  switch (how) {
    case 'json':
      return json === undefined ? {} : { payload: json, contentType: 'application/json' };
    case 'text':
      return { payload: json ?? 'texte', contentType: 'text/plain; charset=utf-8' };
    case 'form':
      return { payload: 'username=a&password=b&id=1', contentType: 'application/x-www-form-urlencoded' };
    case 'broken-json':
      return { payload: `${(json ?? '{').slice(0, -1)},"`, contentType: 'application/json' };
    case 'multipart':
      return {
        payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n',
        contentType: 'multipart/form-data; boundary=x',
      };
    case 'octet':
      return { payload: Buffer.from([0, 1, 2, 255, 254]), contentType: 'application/octet-stream' };
  }
}

async function tokenFor(
  contract: RouteContract,
  who: Caller,
  fixtures: Fixtures,
): Promise<string | undefined> {
  switch (who) {
    case 'anonymous':
      return undefined;
    case 'forged':
      return 'eyJhbGciOiJub25lIn0.eyJ1c2VyIjp7ImlkIjoxLCJyb2xlIjoic3VwZXJhZG1pbiJ9fQ.';
    case 'link': {
      const purpose = typeof contract.access === 'object' ? contract.access.purpose : 'reset';
      return issueLink(fixtures.ids[purpose] as number, purpose);
    }
    default:
      return fixtures.tokens[who];
  }
}

/** Every table but the counters refusals write on purpose: sequences may move, rows may not. */
const tablesNow = async (contract: RouteContract) => {
  await t.app.mailer.idle();
  const except = [...WRITTEN_WHEN_REFUSED, ...(RECORDED_WHEN_REFUSED[label(contract)] ?? [])];
  return (await digestDatabase(t.database.db, { except })).tables;
};

function expectEnvelope(contract: RouteContract, response: LightMyRequestResponse, where: string) {
  const answer = `${where} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, answer).toBeLessThan(500);
  if (contract.produces && response.statusCode < 400) return;
  expect(String(response.headers['content-type']), answer).toContain('application/json');
  const body = response.json();
  expect(body.success, answer).toBe(response.statusCode < 400);
  if (body.success) return;
  expect(body.code, answer).toMatch(/^[a-z_]+$/);
  expectFrench(body.message, answer);
  for (const message of Object.values(body.errors ?? {})) expectFrench(message, answer);
}

describe('random requests on every route', () => {
  it.each(allContracts.map((c) => [label(c), c] as const))(
    '%s',
    async (_name, contract) => {
      const fixtures = await freshFixtures();
      await fc.assert(
        fc.asyncProperty(fuzzCase(contract), async ({ caller: who, encoding: how, mutations }) => {
          const request = buildRequest(contract, fixtures, mutations);
          const token = await tokenFor(contract, who, fixtures);
          const { payload, contentType } = encode(request.body, how);
          const before = await tablesNow(contract);
          // A dot segment (`..`, `%2e%2e`) makes another URL once normalised, which no route or another
          // one answers: its errors are not this contract's, so the declared-codes check is left out.
          const leavesRoute = Object.values(request.raw).some((s) => /^(\.|%2e){1,2}$/i.test(s));
          const response = await (leavesRoute ? t.app.inject.bind(t.app) : t.call)({
            method: contract.method,
            url: urlOf(contract, request, request.raw),
            remoteAddress: nextIp(),
            headers: {
              ...(contentType ? { 'content-type': contentType } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            ...(payload !== undefined ? { payload } : {}),
          });
          const where = `${label(contract)} as ${who}, ${how}: ${JSON.stringify(request).slice(0, 300)}`;
          expectEnvelope(contract, response, where);
          tally(contract, response);
          if (response.statusCode >= 400) {
            expect(
              await tablesNow(contract),
              `${where} → ${response.body.slice(0, 200)} changed rows`,
            ).toEqual(before);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    120_000,
  );
});
