import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { adminListQuerySchema, adminPayloadSchema, idParamsSchema, userSchema } from '@sejour/domain';
import { z } from 'zod';
import { currentUser } from '../auth/access';
import { ok } from '../http/error-handler';
import { envelope, listEnvelope } from '../http/schemas';
import type { AdminsService } from './service';

/** Administrators. Access rules: src/auth/permissions.ts. */
export const adminsRoutes: FastifyPluginAsyncZod<{ service: AdminsService }> = async (app, { service }) => {
  app.get(
    '/admins',
    {
      schema: {
        tags: ['admins'],
        querystring: adminListQuerySchema,
        response: { 200: listEnvelope(userSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await service.list(request.query)) }),
  );

  app.post(
    '/admins',
    {
      schema: {
        tags: ['admins'],
        summary: 'Créer un administrateur (super-administrateur seulement)',
        body: adminPayloadSchema,
        response: { 201: envelope(userSchema) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await service.create(request.body))),
  );

  app.get(
    '/admins/:id',
    { schema: { tags: ['admins'], params: idParamsSchema, response: { 200: envelope(userSchema) } } },
    async (request) => ok(await service.get(request.params.id)),
  );

  app.put(
    '/admins/:id',
    {
      schema: {
        tags: ['admins'],
        params: idParamsSchema,
        body: adminPayloadSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => ok(await service.update(request.params.id, request.body)),
  );

  app.delete(
    '/admins/:id',
    { schema: { tags: ['admins'], params: idParamsSchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await service.delete(currentUser(request), request.params.id);
      return ok(null);
    },
  );
};
