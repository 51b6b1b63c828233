import type { FastifyServerOptions } from 'fastify';

/** Link tokens travel in `?token=`: keep them out of the logs like the Authorization header. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|password)=)[^&#]*/gi, '$1[REDACTED]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
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
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { id: request.id, method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
