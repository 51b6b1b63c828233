import {
  type BodyInputOf,
  type DataOf,
  type ErrorCode,
  errorCatalogue,
  type FieldErrors,
  type ListMeta,
  type ParamsInputOf,
  pathOf,
  type RouteContract,
} from '@sejour/domain';
import type { z } from 'zod';
import { session } from '../session/session';
import { saveFile } from '../ui/save-file';
import { takeEarlyResponse } from './early-requests';
import { NO_ANSWER_MESSAGE, unreachableMessage } from './network-messages';

/** Where the API lives; the web app is served by the same origin. */
export const API_BASE = '/api';

/** What a failed call says: a code of the domain's catalogue, or `network_error` when the server was not reached. */
export type ApiErrorCode = ErrorCode | 'network_error';

/** A failed call: the server's envelope, or `network_error` when it could not be reached or read. */
export class ApiError extends Error {
  /** Failures are objects of type "error" with a message. */
  readonly type = 'error' as const;
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly errors: FieldErrors | undefined;

  constructor(code: ApiErrorCode, message: string, status: number, errors?: FieldErrors) {
    super(message);
    this.code = code;
    this.status = status;
    this.errors = errors;
  }
}

/** Query-string values (sent as text). */
export type Query = Record<string, string | number | boolean | null | undefined>;
type QueryValue = Query[string];

/** What a call of `contract` takes: its path parameters and body when it has them, its query fields. */
export type CallOptions<C extends RouteContract> = (C['params'] extends z.ZodType
  ? { params: ParamsInputOf<C> }
  : { params?: undefined }) &
  (C['body'] extends z.ZodType ? { body: BodyInputOf<C> } : { body?: undefined }) & {
    query?: C['query'] extends z.ZodType ? Partial<Record<keyof z.input<C['query']>, QueryValue>> : undefined;
    signal?: AbortSignal;
    /** Give up after this long (login: a person waits for an answer, not for the network's own limit). */
    timeoutMs?: number;
  };

/** Options are optional when the contract needs neither parameters nor a body. */
type CallArgs<C extends RouteContract> = C['params'] extends z.ZodType
  ? [CallOptions<C>]
  : C['body'] extends z.ZodType
    ? [CallOptions<C>]
    : [CallOptions<C>?];

/** Codes after which the stored session is useless: the user is logged out (every method). */
const SESSION_ENDING_CODES = new Set<ApiErrorCode>(['token_expired', 'token_invalid']);

function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function withTimeout(
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): AbortSignal | undefined {
  if (timeoutMs === undefined) return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

async function send(
  contract: RouteContract,
  options: { params?: unknown; query?: Query; body?: unknown; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<{ data: unknown; meta?: ListMeta }> {
  const { method } = contract;
  const url = buildUrl(pathOf(contract.path, options.params as Record<string, unknown>), options.query);
  // Every write sends a JSON body, `{}` when the contract has none.
  const body = options.body ?? (method === 'POST' || method === 'PUT' ? {} : undefined);
  const headers = jsonHeaders(body !== undefined);

  let response: Response;
  let envelope: Envelope;
  // A read the entry already started for this address (`early-requests.ts`) is not asked twice.
  const early = method === 'GET' ? takeEarlyResponse(url, headers.Authorization) : undefined;
  try {
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: withTimeout(options.signal, options.timeoutMs),
      }));
    envelope = await response.json();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError('network_error', NO_ANSWER_MESSAGE, 0);
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network_error', unreachableMessage(method, url), 0);
  }

  if (envelope && envelope.success === true) return { data: envelope.data, meta: envelope.meta };
  throw failure(envelope, response.status);
}

/** What an answer's envelope is made of (every field may be missing from an unexpected answer). */
export interface Envelope {
  success?: boolean;
  data?: unknown;
  meta?: ListMeta;
  code?: unknown;
  message?: string;
  errors?: FieldErrors;
}

/**
 * The error a failed envelope stands for; a code that ends the session logs the user out first. Shared by
 * every way of calling the API, so that each answers the same errors.
 */
export function failure(envelope: Envelope | null | undefined, status: number): ApiError {
  const code: ErrorCode = isErrorCode(envelope?.code) ? envelope.code : 'internal_error';
  if (SESSION_ENDING_CODES.has(code)) session.clear();
  return new ApiError(code, envelope?.message ?? errorCatalogue[code].message, status, envelope?.errors);
}

/** The headers of every JSON call: the session's token when there is one, French answers. */
export function jsonHeaders(withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'fr' };
  const token = session.token();
  if (token) headers.Authorization = token;
  if (withBody) headers['Content-Type'] = 'application/json';
  return headers;
}

/** Calls one endpoint from its contract: URL from its path and `params`, answer typed from its response. */
export async function call<C extends RouteContract>(
  contract: C,
  ...[options]: CallArgs<C>
): Promise<DataOf<C>> {
  const { data } = await send(contract, options as Parameters<typeof send>[1]);
  return data as DataOf<C>;
}

/** Calls a list endpoint (`envelope: 'list'`): the rows and the `meta` (total, limit, offset). */
export async function callList<C extends RouteContract & { envelope: 'list' }>(
  contract: C,
  ...[options]: CallArgs<C>
): Promise<{ data: DataOf<C>; meta: ListMeta }> {
  const { data, meta } = await send(contract, options as Parameters<typeof send>[1]);
  return { data: data as DataOf<C>, meta: meta ?? { total: 0, limit: 0, offset: 0 } };
}

/** Fetches a file endpoint (`produces`) with the session: its bytes, or `null` when it answers an error. */
export async function callFile<C extends RouteContract & { produces: string }>(
  contract: C,
  options: { params: ParamsInputOf<C>; query?: Query; signal?: AbortSignal },
): Promise<Blob | null> {
  const url = buildUrl(pathOf(contract.path, options.params as Record<string, unknown>), options.query);
  const token = session.token();
  const response = await fetch(url, {
    headers: token ? { Authorization: token } : {},
    signal: options.signal,
  });
  return response.ok ? response.blob() : null;
}

/** The file name the server gave a download (`Content-Disposition`), or a fallback. */
function downloadName(header: string | null, fallback: string): string {
  const encoded = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return header?.match(/filename="?([^";]+)"?/)?.[1] ?? fallback;
}

/**
 * Downloads a file answer (`produces`) with the session's token, reading the body as it streams so a screen can
 * show progress, then hands it to the browser under the server's file name.
 */
export async function download<C extends RouteContract & { produces: string }>(
  contract: C,
  options: Omit<CallOptions<C>, 'timeoutMs'> & {
    onProgress?: (bytes: number) => void;
    fallbackName?: string;
  },
): Promise<void> {
  const url = buildUrl(
    pathOf(contract.path, options.params as Record<string, unknown> | undefined),
    options.query as Query | undefined,
  );
  const headers: Record<string, string> = { 'Accept-Language': 'fr' };
  const token = session.token();
  if (token) headers.Authorization = token;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network_error', unreachableMessage('GET', url), 0);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope | null;
    throw failure(envelope && { code: envelope.code, message: envelope.message }, response.status);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      options.onProgress?.(received);
    }
  }
  saveFile(
    new Blob(chunks as BlobPart[], { type: contract.produces }),
    downloadName(response.headers.get('content-disposition'), options.fallbackName ?? 'export'),
  );
}

/** Whether a call failed because the record does not exist (or is not the caller's: answered the same). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not_found';
}
