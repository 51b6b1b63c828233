import type { RouteContract } from '@sejour/domain';
import { expect } from 'vitest';
import type { z } from 'zod';
import { type Hints, keysOf, optionalKeys, sampleOf } from './schema-samples';

/**
 * What the generated tests over every route (hostile-input, route-fuzz) share: a valid request for any
 * contract, the check that a schema refuses it, the French of an error message, one client address per call.
 */

/** The id each kind of `:id` names (`user`, `establishment`, `activate`…): existing rows of the test. */
export type FixtureIds = Record<string, number>;

export interface RouteRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

export const label = (c: RouteContract) => `${c.method} ${c.path}`;

let sequence = 0;

/** Fields whose rule a schema cannot describe (unique, existing, well-formed for the business). */
export function inputHints(ids: FixtureIds): Hints {
  sequence += 1;
  const n = `${sequence}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: () => `sample${n}`,
    email: () => `sample${n}@example.test`,
    userId: () => ids.user,
    establishmentId: () => ids.establishment,
    numero: () => '57463000123AB',
    cp: () => '57000',
    companyCp: () => '57000',
    phone: () => '+33612345678',
    siret: () => '73282932000074',
    base64: () => `data:text/csv;base64,${Buffer.from('nom;nuitées\nA;1\n').toString('base64')}`,
    file: () => 'registre.csv',
    beginDate: () => '2026-01-01',
    endDate: () => '2026-12-31',
    // A stay's departure comes after its arrival.
    arrival: () => '2026-03-01',
    departure: () => '2026-03-04',
    year: () => 2026,
    password: () => 'Mirabelles-de-Lorraine-7',
    currentPassword: () => 'pas-le-bon-mot-de-passe',
  };
}

/** A 4×4 PNG: an image the upload checks and the thumbnailer accept. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwXlUORwzEcQAkkhVBwsOfNAAAAABJRU5ErkJggg==';

/** Where the general hints do not fit one route. */
const HOTEL_3_BY_NATURE: Hints = { type: () => 'HOTEL_3', nature: () => 'HOTEL', stars: () => 3 };

export const ROUTE_HINTS: Record<string, Hints> = {
  // A type sent with a nature must be the row the nature gives.
  'POST /establishments': HOTEL_3_BY_NATURE,
  'PUT /establishments/:id': HOTEL_3_BY_NATURE,
  'POST /establishments/report': HOTEL_3_BY_NATURE,
  // Palaces have no stars.
  'PUT /establishments/:id/nature': { nature: () => 'HOTEL', stars: () => 3 },
  'POST /establishments/:id/image': { base64: () => TINY_PNG, file: () => 'photo.png' },
  // The years shipped with the product cannot be entered.
  'POST /pricings/bounds': { year: () => 2099 },
  // A host dates closures and cessations to come.
  'POST /establishments/:id/closures': { startDate: () => '2099-01-01', endDate: () => '2099-01-31' },
  'PUT /establishments/:id/cessation': { ceasedOn: () => '2099-06-01' },
  'PUT /pricings/bounds/:year': { year: () => 2099 },
};

export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return (schema as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
}

/** A request every schema of the route accepts, naming the fixtures' rows. */
export function validRequest(contract: RouteContract, ids: FixtureIds): RouteRequest {
  const routeHints = { ...inputHints(ids), ...ROUTE_HINTS[label(contract)] };
  const params: Record<string, string> = {};
  for (const name of keysOf(contract.params)) {
    const idOf = typeof contract.access === 'object' ? contract.access.purpose : contract.owns;
    params[name] =
      name === 'id' && idOf && ids[idOf] !== undefined
        ? String(ids[idOf])
        : String(sampleOf(shapeOf(contract.params)[name] as z.ZodType, routeHints, name));
  }
  const query: Record<string, string> = {};
  const optional = contract.query ? optionalKeys(contract.query) : new Set<string>();
  for (const name of keysOf(contract.query)) {
    if (optional.has(name)) continue;
    query[name] = String(sampleOf(shapeOf(contract.query)[name] as z.ZodType, routeHints, name));
  }
  const body = contract.body ? sampleOf(contract.body, routeHints) : undefined;
  return { params, query, body };
}

export function schemaRefuses(contract: RouteContract, request: RouteRequest): boolean {
  const checks: [z.ZodType | undefined, unknown][] = [
    [contract.params, request.params],
    [contract.query, request.query],
    [contract.body, request.body],
  ];
  return checks.some(([schema, input]) => schema !== undefined && !schema.safeParse(input).success);
}

const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/**
 * The URL of a request: path parameters encoded (a lone surrogate, which has no UTF-8 form, as the
 * replacement character a client would send), then the query string. `raw` path parameters go as they are:
 * broken escapes (`%FF`, `%`) that no encoder would write.
 */
export function urlOf(
  contract: RouteContract,
  request: Pick<RouteRequest, 'params' | 'query'>,
  raw: Record<string, string> = {},
): string {
  const path = contract.path.replace(
    /:(\w+)/g,
    (_m, name: string) => raw[name] ?? encodeURIComponent(wellFormed(request.params[name] ?? '')),
  );
  const query = Object.entries(request.query).map(
    ([k, v]) => [wellFormed(k), wellFormed(v)] as [string, string],
  );
  const search = new URLSearchParams(query).toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

let ipCounter = 0;
/** Each request from its own address: the per-address limits of one never answer for another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 62500) % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
}

const ENGLISH = /\b(Too big|Too small|Invalid|expected|Bad Request|must be|Required)\b/;
/** zod's own French for a bound, where the catalogue has a sentence. */
const ZOD_BOUND = /Trop (grand|petit)/;

export function expectFrench(text: unknown, where: string) {
  expect(typeof text, where).toBe('string');
  expect(text as string, where).toMatch(/\p{L}/u);
  expect(text as string, where).not.toMatch(ENGLISH);
  expect(text as string, where).not.toMatch(ZOD_BOUND);
}
