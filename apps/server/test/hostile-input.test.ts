import { allContracts, MAX_NIGHTS, PG_INT_MAX, type RouteContract } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { establishments } from '../src/db/schema';
import { useApp } from './fixture';
import { LINK_TEST_SECRET, linkIssuer } from './helpers/link-token';
import { insertOwnedRows } from './helpers/owned-rows';
import { createActors } from './helpers/people';
import {
  expectFrench,
  type FixtureIds,
  inputHints,
  label,
  nextIp,
  type RouteRequest,
  schemaRefuses,
  shapeOf,
  urlOf,
  validRequest,
} from './helpers/route-inputs';
import { keysOf, leavesOf, type Path, sampleOf, withLeaf } from './helpers/schema-samples';

/**
 * Generated from the contract registry: for every route, each input — path parameter, query key, body field
 * (nested ones too) — is changed alone to a hostile value while the others stay valid, and the request is
 * made by a caller the route's access rule lets in, so that it goes as deep as the value allows. The answer
 * is never a 5xx, always the envelope with a French message, and `validation_error` whenever the value
 * breaks the schema. A NUL character, a lone surrogate in a text field, or a number that does not fit an
 * `integer` column, must break it: PostgreSQL would refuse each.
 */

const NUL = 'a\u0000b';
/** Emoji (a joined sequence), a right-to-left override and Arabic script. */
const EMOJI_RTL = 'Gîte 🏡👨‍👩‍👧 \u202Eمرحبا\u202C';
const LONG = 'é'.repeat(3000);
const TOO_BIG = 2147483648;
/** Halves of a surrogate pair alone: JSON can carry them, UTF-8 (and so PostgreSQL) cannot. */
const LONE_SURROGATES = ['\uD800', 'Gîte \uDFFF'];

/** What a URL can carry: text only. A path parameter gets them all; a query key those of its kind. */
const URL_VALUES = [NUL, EMOJI_RTL, LONG, String(TOO_BIG), '1e20', '-1', 'NaN'];
const queryValuesFor = (numeric: boolean) =>
  numeric ? [NUL, String(TOO_BIG), '1e20', '-1', 'NaN'] : [NUL, EMOJI_RTL, LONG, String(TOO_BIG)];
/** A JSON field gets text and numbers; which depends on what it holds, to keep the run short. */
function bodyValuesFor(sample: unknown): unknown[] {
  return typeof sample === 'number'
    ? [TOO_BIG, 1e20, -1, 1.5, 'NaN', NUL]
    : [NUL, EMOJI_RTL, LONG, TOO_BIG, ...LONE_SURROGATES];
}

/**
 * Values the database would refuse, which the schema must refuse first: a NUL character anywhere; a number
 * that is not a safe integer; an id that does not fit an `integer` column.
 */
function mustBeRefused(value: unknown, field: { numeric: boolean; name: string }): boolean {
  if (typeof value === 'string' && value.includes('\u0000')) return true;
  if (typeof value === 'string' && LONE_SURROGATES.includes(value)) return true;
  if (!field.numeric) return false;
  const n = Number(value);
  if (!Number.isFinite(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) return true;
  const isId = field.name === 'id' || field.name.endsWith('Id');
  return isId && (n > PG_INT_MAX || n < -PG_INT_MAX - 1);
}

const t = useApp({ env: { JWT_SECRET: LINK_TEST_SECRET } });
let superadminToken: string;
let issueLink: ReturnType<typeof linkIssuer>;
/** The id each kind of `:id` names: existing rows, so that a valid id goes past the ownership check. */
let ids: FixtureIds;

beforeAll(async () => {
  const actors = await createActors(t);
  superadminToken = actors.tokens.superadmin;
  const rows = await insertOwnedRows(t.database.db, actors.ids.host);
  // A typed establishment and a pricing in force: declarations are computed and written, not refused early.
  await t.database.db
    .update(establishments)
    .set({ type: 'NONE' })
    .where(eq(establishments.id, rows.establishment));
  const pricing = await t.call({
    method: 'POST',
    url: '/api/pricings',
    payload: lawfulPricingPayload() as object,
    token: superadminToken,
  });
  expect(pricing.statusCode, pricing.body).toBe(201);
  const pending = await t.createUser({ activated: false, passwordHash: null });
  const active = await t.createUser();
  ids = {
    user: actors.ids.host,
    admin: actors.ids.admin,
    establishment: rows.establishment,
    declaration: rows.declaration,
    stay: rows.stay,
    change_request: rows.change_request,
    activate: pending.id,
    reset: active.id,
  };
  issueLink = linkIssuer(t);
});

async function send(contract: RouteContract, request: RouteRequest): Promise<LightMyRequestResponse> {
  const access = contract.access;
  const token =
    access === 'public'
      ? undefined
      : typeof access === 'object'
        ? await issueLink(ids[access.purpose] as number, access.purpose)
        : superadminToken;
  return t.call({
    method: contract.method,
    url: urlOf(contract, request),
    token,
    remoteAddress: nextIp(),
    ...(request.body !== undefined ? { payload: request.body as object } : {}),
  });
}

async function probe(
  contract: RouteContract,
  request: RouteRequest,
  value: unknown,
  field: { numeric: boolean; name: string },
) {
  const refused = schemaRefuses(contract, request);
  const where = `${label(contract)} ${JSON.stringify(request).slice(0, 400)}`;
  if (mustBeRefused(value, field)) expect(refused, `the schema accepts ${where}`).toBe(true);
  const response = await send(contract, request);
  const answer = `${where} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, answer).toBeLessThan(500);
  if (contract.produces && response.statusCode < 400) return;
  const body = response.json();
  expect(body.success, answer).toBe(response.statusCode < 400);
  if (body.success) return;
  expect(body.code, answer).toMatch(/^[a-z_]+$/);
  expectFrench(body.message, answer);
  for (const message of Object.values(body.errors ?? {})) expectFrench(message, answer);
  if (refused) expect(body.code, answer).toBe('validation_error');
}

/**
 * The body's leaves, but in objects repeated side by side with one shape (the rows of a pricing grid, the
 * ranges of the legal bounds) only those of the first: the others are the same schema again.
 */
function distinctLeaves(body: unknown) {
  const seen = new Set<string>();
  return leavesOf(body).filter(({ path }) => {
    if (path.length < 2) return true;
    const parent = path.slice(0, -1).reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], body);
    const shape = Object.keys(parent as object).join(',');
    const key = `${path.slice(0, -2).join('.')}.*{${shape}}.${path[path.length - 1]}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe('hostile input, one field at a time, on every route', () => {
  it.each(allContracts.map((c) => [label(c), c] as const))('%s', async (_name, contract) => {
    const base = validRequest(contract, ids);
    expect(schemaRefuses(contract, base), `no valid sample for ${JSON.stringify(base)}`).toBe(false);

    for (const name of Object.keys(base.params)) {
      for (const value of URL_VALUES) {
        const request = validRequest(contract, ids);
        await probe(contract, { ...request, params: { ...request.params, [name]: value } }, value, {
          numeric: true,
          name,
        });
      }
    }
    for (const name of keysOf(contract.query)) {
      const numeric =
        typeof sampleOf(shapeOf(contract.query)[name] as z.ZodType, inputHints(ids), name) === 'number';
      for (const value of queryValuesFor(numeric)) {
        const request = validRequest(contract, ids);
        await probe(contract, { ...request, query: { ...request.query, [name]: value } }, value, {
          numeric,
          name,
        });
      }
    }
    for (const leaf of distinctLeaves(base.body)) {
      if (leaf.path.length === 0) continue;
      for (const value of bodyValuesFor(leaf.value)) {
        const request = validRequest(contract, ids);
        const body = withLeaf(request.body, leaf.path as Path, value);
        await probe(contract, { ...request, body }, value, {
          numeric: typeof leaf.value === 'number',
          name: leaf.path[leaf.path.length - 1] ?? '',
        });
      }
    }
  });
});

describe('the largest values the schemas allow', () => {
  it('a month at the most person-nights of the dearest type answers the envelope, never a 5xx', async () => {
    await t.database.db
      .update(establishments)
      .set({ type: 'PALACES' })
      .where(eq(establishments.id, ids.establishment as number));
    const response = await t.call({
      method: 'PUT',
      url: `/api/declarations/${ids.declaration}`,
      token: superadminToken,
      payload: { personCount: MAX_NIGHTS, nightsCount: MAX_NIGHTS, exemptedCount: 0 },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'validation_error' });
    expectFrench(response.json().message, response.body);
  });
});
