import type { FieldErrors, ListMeta } from '@sejour/domain';
import { session } from '../session/session';

/** Where the API lives; the web app is served by the same origin. */
export const API_BASE = '/api';

/** A failed call: the server's envelope, or `network_error` when it could not be reached or read. */
export class ApiError extends Error {
  /** Spec §8: failures are objects of type "error" with a message. */
  readonly type = 'error' as const;
  readonly code: string;
  readonly status: number;
  readonly errors: FieldErrors | undefined;

  constructor(code: string, message: string, status: number, errors?: FieldErrors) {
    super(message);
    this.code = code;
    this.status = status;
    this.errors = errors;
  }
}

export interface Success<T> {
  success: true;
  data: T;
  meta?: ListMeta;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Query = Record<string, string | number | boolean | null | undefined>;

/** Codes after which the stored session is useless: the user is logged out (every method, design §4). */
const SESSION_ENDING_CODES = new Set(['token_expired', 'token_invalid']);

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

export async function request<T>(
  method: Method,
  path: string,
  options: { body?: unknown; query?: Query; signal?: AbortSignal } = {},
): Promise<Success<T>> {
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'fr' };
  const token = session.token();
  if (token) headers.Authorization = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    body = await response.json();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network_error', `Impossible de se connecter au serveur : ${method} ${url}`, 0);
  }

  const envelope = body as { success?: boolean; code?: string; message?: string; errors?: FieldErrors };
  if (envelope && envelope.success === true) return envelope as Success<T>;
  const code = envelope?.code ?? 'internal_error';
  if (SESSION_ENDING_CODES.has(code)) session.clear();
  throw new ApiError(code, envelope?.message ?? code, response.status, envelope?.errors);
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
