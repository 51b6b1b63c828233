import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';

/**
 * Every route the app registers (collected as they are registered, so new ones are covered without a list
 * here) gets NUL characters, ids beyond int4 and out-of-range numbers in each field: the answer is the
 * envelope with a French message, never a 5xx.
 */

const routes: RouteOptions[] = [];
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => routes.push(route) });
  const superadmin = await t.createUser({ role: 'superadmin' });
  token = await t.login(superadmin.username, TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const hostileString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '%00'),
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`),
);
const hostileNumber = fc.constantFrom(
  '2147483648',
  '99999999999999999999',
  '1e20',
  '-1',
  '-2147483649',
  '1.5',
  'NaN',
  'Infinity',
);
const hostileValue = fc.oneof(hostileString, hostileNumber);
const hostileJson = fc.oneof(
  hostileString,
  fc.constantFrom(2147483648, 1e20, -1e20, 1.5, Number.MAX_SAFE_INTEGER + 2),
);

function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function apiRoutes() {
  return routes.flatMap((route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    return methods
      .filter((m) => m !== 'HEAD' && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .map((method) => ({ method, url: route.url, schema: route.schema ?? {} }));
  });
}

const ENGLISH = /\b(Too big|Too small|Invalid|expected|Bad Request|must be)\b/;

describe('hostile input on every route', () => {
  it('collected the routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(10);
  });

  it('answers the envelope, never 5xx, to NUL characters, huge ids and out-of-range numbers', async () => {
    for (const route of apiRoutes()) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      const queryKeys = keysOf(route.schema.querystring);
      const bodyKeys = keysOf(route.schema.body);
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            params: fc.tuple(...params.map(() => hostileValue), fc.constant('')),
            query: fc.tuple(...queryKeys.map(() => fc.option(hostileValue)), fc.constant(null)),
            body: fc.tuple(...bodyKeys.map(() => fc.option(hostileJson)), fc.constant(null)),
          }),
          async ({ params: paramValues, query, body }) => {
            let url = route.url;
            params.forEach((name, i) => {
              url = url.replace(`:${name}`, encodeURIComponent(paramValues[i] ?? ''));
            });
            const search = new URLSearchParams();
            queryKeys.forEach((key, i) => {
              const value = query[i];
              if (value !== null && value !== undefined) search.set(key, String(value));
            });
            const payload: Record<string, unknown> = {};
            bodyKeys.forEach((key, i) => {
              payload[key] = body[i] ?? 'valeur';
            });
            const response = await t.call({
              method: route.method as 'GET',
              url: `${url}${search.size ? `?${search}` : ''}`,
              token,
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload }),
              remoteAddress: `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
            });
            const where = `${route.method} ${url}?${search} ${JSON.stringify(payload)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            const answer = response.json();
            if (answer.success === false) {
              expect(typeof answer.message, where).toBe('string');
              expect(JSON.stringify(answer), where).not.toMatch(ENGLISH);
            }
          },
        ),
        { numRuns: 25 },
      );
    }
  }, 600_000);
});
