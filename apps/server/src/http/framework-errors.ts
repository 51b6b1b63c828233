import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { errorBody } from './errors';

/**
 * Errors Fastify and Node answer before any route runs (a malformed or too long URL, oversized headers):
 * they too leave as the envelope with a French message.
 */
const URL_TOO_LONG = 'L’adresse demandée est trop longue.';
const BAD_URL = 'L’adresse demandée est invalide.';
const HEADERS_TOO_LARGE = 'Les en-têtes de la requête sont trop volumineux.';

export function frameworkErrors(
  error: { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(errorBody('validation_error', URL_TOO_LONG));
  }
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send(errorBody('validation_error', BAD_URL));
  return reply.status(500).send(errorBody('internal_error'));
}

/** Node's HTTP parser refusals, written on the socket since no request object exists yet. */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error: Error & { code?: string },
  socket: Socket,
) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'La requête a pris trop de temps.']
        : [400, 'Bad Request', 'La requête est invalide.'];
  const code = status === 408 ? 'internal_error' : 'validation_error';
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};
