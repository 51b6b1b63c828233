import type { FastifyServerOptions } from 'fastify';

/** Link tokens travel in `?token=`: keep them out of the logs like the Authorization header. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|password)=)[^&#]*/gi, '$1[REDACTED]');
}

/** Drizzle puts the SQL parameters (usernames, e-mails…) in its error message, hence in the stack too. */
function withoutParams(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [REDACTED]');
}

interface LoggableError {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  query?: unknown;
  cause?: unknown;
}

/**
 * Errors are logged with their SQL text but never its parameters, nor the database's `detail` (which quotes
 * the offending values).
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!error || typeof error !== 'object') return error;
  const e = error as LoggableError;
  return {
    type: e.name,
    message: withoutParams(e.message),
    stack: withoutParams(e.stack),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.query === 'string' ? { query: e.query } : {}),
    ...(e.cause && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/** `stream`: where the lines go instead of standard output (tests read them). */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.currentPassword',
        '*.token',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      err: (error: Error) => serializeError(error) as { type: string; message: string; stack: string },
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { id: request.id, method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
