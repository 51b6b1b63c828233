import type { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { LinkPurpose } from '../passwords/schemas';

/**
 * Who may call a route. Checked by the server before anything else (fail-closed: a route without a rule
 * stops the server at start-up). Finer rules — a host and their own data — are the `owns` check below.
 */
export type Access =
  | 'public'
  /** any signed-in user (host, admin or superadmin) */
  | 'user'
  | 'admin'
  | 'superadmin'
  /** only a link token of that purpose (activation, reset), never a session */
  | { purpose: LinkPurpose };

/** Kinds of host-owned data that the one ownership check knows (server: `requireAccess`). */
export const RESOURCE_KINDS = [
  'user',
  'admin',
  'establishment',
  'declaration',
  'stay',
  'change_request',
] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/**
 * What the `:id` of a route names: a kind the ownership check knows; `self` for the caller's own account
 * (link routes: a link token acts on its account only, another id answers `forbidden`); or `shared` for
 * reference data that every caller the access rule lets in may read (pricing tables). The server refuses
 * to start when a route with `:id` open to hosts says none of them, so an ownership check cannot be
 * forgotten.
 */
export type Owns = ResourceKind | 'self' | 'shared';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint, written once and read by the server (route registration, access, OpenAPI), the web
 * (typed client) and the tests (the generated access matrix). Paths use Fastify's `:name` parameters,
 * relative to `/api`.
 */
export interface RouteContract {
  method: HttpMethod;
  path: `/${string}`;
  /** French one-line description, shown in the OpenAPI document. */
  summary: string;
  tags: readonly string[];
  access: Access;
  /**
   * The resource the `:id` parameter names. The server checks, before the handler runs, that the caller
   * may touch it; an id the caller may not touch answers `not_found` exactly like a missing one.
   */
  owns?: Owns;
  /**
   * Ids carried in the body or the query string, by field name, and the kind each one names. When a field
   * is present, the server checks before validation that the caller may touch it; an id the caller may
   * not touch answers `not_found` exactly like a missing one (a filter of a list included).
   */
  ownsInput?: Readonly<Record<string, ResourceKind>>;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the success envelope (JSON), unless `produces` names a file type. */
  response: z.ZodType;
  /** `list`: `response` is the array of rows, and the envelope adds `meta { total, limit, offset }`. */
  envelope?: 'data' | 'list';
  /** Success status (default 200). */
  status?: 200 | 201;
  /** A non-JSON answer (a file): its media type; `response` then describes nothing. */
  produces?: string;
  /** Codes this endpoint may answer besides the ones every route may (see `COMMON_ERRORS`). */
  errors: readonly ErrorCode[];
  /** Largest accepted body in bytes, when larger than the server's default (uploads). */
  bodyLimit?: number;
}

/** Codes any route may answer: input checks, access, limits, the unexpected. */
export const COMMON_ERRORS = [
  'validation_error',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
] as const satisfies readonly ErrorCode[];

/** Keeps the literal types of a contract (its path, schemas) for the server and the typed client. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** Typed pieces of a contract, for the server's handlers and the web client. */
export type ParamsOf<C extends RouteContract> = C['params'] extends z.ZodType
  ? z.output<C['params']>
  : undefined;
export type QueryOf<C extends RouteContract> = C['query'] extends z.ZodType
  ? z.output<C['query']>
  : undefined;
export type BodyOf<C extends RouteContract> = C['body'] extends z.ZodType ? z.output<C['body']> : undefined;
/** What a client sends (before the schema's coercions and defaults). */
export type ParamsInputOf<C extends RouteContract> = C['params'] extends z.ZodType
  ? z.input<C['params']>
  : undefined;
export type QueryInputOf<C extends RouteContract> = C['query'] extends z.ZodType
  ? z.input<C['query']>
  : undefined;
export type BodyInputOf<C extends RouteContract> = C['body'] extends z.ZodType
  ? z.input<C['body']>
  : undefined;
export type DataOf<C extends RouteContract> = z.output<C['response']>;

/** Access rules that let a host in: such a route with `:id` must say what it owns. */
export function isOpenToHosts(access: Access): boolean {
  return access !== 'admin' && access !== 'superadmin';
}

/** Every code a route may answer: its own, those its access rule implies, the common ones. */
export function errorCodesOf(contract: RouteContract): ErrorCode[] {
  const codes = new Set<ErrorCode>(contract.errors);
  const { access } = contract;
  if (access !== 'public') {
    codes.add('unauthorized');
    if (typeof access === 'object') {
      for (const code of ['link_invalid', 'link_expired', 'link_used', 'account_disabled'] as const)
        codes.add(code);
    } else {
      for (const code of ['token_expired', 'token_invalid', 'account_disabled'] as const) codes.add(code);
    }
    if (access === 'admin' || access === 'superadmin') codes.add('forbidden');
  }
  if ((contract.owns && contract.owns !== 'self') || contract.ownsInput) codes.add('not_found');
  // A link token acts on its own account only.
  if (contract.owns === 'self') codes.add('forbidden');
  for (const code of COMMON_ERRORS) codes.add(code);
  return [...codes];
}

/** The top-level fields of a body or query schema (an object, perhaps refined or piped). */
export function inputFieldsOf(schema: z.ZodType | undefined): string[] {
  if (schema === undefined) return [];
  const def = (schema as { def?: { type?: string; shape?: object; in?: z.ZodType } }).def;
  if (def?.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def?.type === 'pipe') return inputFieldsOf(def.in);
  return [];
}

/** The path with its `:name` parameters filled in (values URI-encoded). */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing route parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
