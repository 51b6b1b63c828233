import type { RouteContract } from '@sejour/domain';
import fc from 'fast-check';
import { type FixtureIds, type RouteRequest, validRequest } from './route-inputs';
import { keysOf, leavesOf, type Path, withLeaf } from './schema-samples';

/**
 * The random cases of the route fuzzing (test/route-fuzz.test.ts): hostile values, encodings, callers and the
 * mutations that break a route's valid request, and the request and payload a case sends.
 */

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
export type Encoding = 'json' | 'text' | 'form' | 'broken-json' | 'multipart' | 'octet';
const encoding = fc.oneof(
  { arbitrary: fc.constant<Encoding>('json'), weight: 10 },
  {
    arbitrary: fc.constantFrom<Encoding>('text', 'form', 'broken-json', 'multipart', 'octet'),
    weight: 2,
  },
);

export type Caller = 'anonymous' | 'host' | 'otherHost' | 'admin' | 'superadmin' | 'link' | 'forged';
const caller = fc.oneof(
  { arbitrary: fc.constantFrom<Caller>('host', 'otherHost', 'admin', 'superadmin'), weight: 8 },
  { arbitrary: fc.constantFrom<Caller>('anonymous', 'link', 'forged'), weight: 2 },
);
/** A link route is called with its link most of the time: the other callers are refused at the door. */
const linkCaller = fc.oneof(
  { arbitrary: fc.constant<Caller>('link'), weight: 7 },
  { arbitrary: caller, weight: 3 },
);

export type Mutation =
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

export const fuzzCase = (contract: RouteContract) =>
  fc.record({
    caller: typeof contract.access === 'object' ? linkCaller : caller,
    encoding,
    mutations: fc.array(mutation, { minLength: 0, maxLength: 3 }),
  });

export interface Fixtures {
  /** Rows the request may name: the host's, the admin, the accounts the links are for. */
  ids: FixtureIds;
  /** Rows of another host (and the superadmin, for admin routes): ids a host must not reach. */
  foreign: FixtureIds;
  tokens: Record<'host' | 'otherHost' | 'admin' | 'superadmin', string>;
}

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

/** The valid request of the route, broken by the case's mutations. */
export function buildRequest(
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
export function encode(body: unknown, how: Encoding): { payload?: string | Buffer; contentType?: string } {
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
