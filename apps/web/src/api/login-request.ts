import { errorCatalogue } from '@sejour/domain/messages';
import { NO_ANSWER_MESSAGE, unreachableMessage } from './network-messages';

/**
 * `POST /api/users/login` without the typed client: the login screen is shown before the contracts and
 * zod are downloaded. Its method and path are those of `authApi.login` (a unit test checks it).
 */
export const LOGIN_METHOD = 'POST';
export const LOGIN_URL = '/api/users/login';

/** Without an answer by then (offline, server down), the login says so rather than spinning. */
export const LOGIN_TIMEOUT_MS = 10_000;

export type LoginAnswer =
  | { ok: true; token: string }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

export async function requestLogin(
  body: { username: string; password: string },
  timeoutMs = LOGIN_TIMEOUT_MS,
): Promise<LoginAnswer> {
  let envelope: { success?: boolean; data?: unknown; message?: unknown; errors?: unknown } | null;
  try {
    const response = await fetch(LOGIN_URL, {
      method: LOGIN_METHOD,
      headers: { Accept: 'application/json', 'Accept-Language': 'fr', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    envelope = await response.json();
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      ok: false,
      message: timedOut ? NO_ANSWER_MESSAGE : unreachableMessage(LOGIN_METHOD, LOGIN_URL),
      fieldErrors: {},
    };
  }
  if (envelope?.success === true && typeof envelope.data === 'string')
    return { ok: true, token: envelope.data };
  return {
    ok: false,
    message: typeof envelope?.message === 'string' ? envelope.message : errorCatalogue.internal_error.message,
    fieldErrors: (envelope?.errors ?? {}) as Record<string, string>,
  };
}
