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
import { buildRequest, type Caller, encode, type Fixtures, fuzzCase } from './helpers/fuzz-cases';
import { LINK_TEST_SECRET, linkIssuer } from './helpers/link-token';
import { insertOwnedRows } from './helpers/owned-rows';
import { expectFrench, label, nextIp, urlOf } from './helpers/route-inputs';

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
