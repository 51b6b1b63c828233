import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import { fieldErrorsFromIssues, type RouteContract } from '@sejour/domain';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, errorBody } from './errors';

/**
 * Every failure leaves as the JSON envelope with a stable code and a French message; nothing else
 * (stack, SQL, hash) ever reaches the client. Unexpected errors are logged with their stack instead.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Le champ est invalide.',
      }));
      return reply.status(400).send(errorBody('validation_error', undefined, fieldErrorsFromIssues(issues)));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply
          .status(400)
          .send(errorBody('validation_error', 'Le corps de la requête n’est pas un JSON valide.'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        // On an upload route the body is the file: say so, with the same code as a file just over its limit.
        return reply
          .status(413)
          .send(errorBody(isUploadRoute(request) ? 'file_too_large' : 'payload_too_large'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(errorBody('unsupported_media_type'));
    }
    if (error.statusCode === 429) return reply.status(429).send(errorBody('rate_limited'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(error.statusCode).send(errorBody('validation_error'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody('internal_error'));
  });
}

function isUploadRoute(request: FastifyRequest): boolean {
  const contract = (request.routeOptions.config as { contract?: RouteContract } | undefined)?.contract;
  return contract?.errors.includes('file_too_large') ?? false;
}

/** Success envelope. */
export function ok<T>(data: T) {
  return { success: true as const, data };
}
