import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { idParamsSchema, providerListQuerySchema, providerPayloadSchema, userSchema } from '@sejour/domain';
import { z } from 'zod';
import { ok } from '../http/error-handler';
import { envelope, listEnvelope } from '../http/schemas';
import type { ProvidersService } from './providers-service';

/** Providers (hébergeurs). Access rules: src/auth/permissions.ts. */
export const providersRoutes: FastifyPluginAsyncZod<{ service: ProvidersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Hébergeurs (archivés avec archived=true), recherche, tri, pages',
        querystring: providerListQuerySchema,
        response: { 200: listEnvelope(userSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await service.list(request.query)) }),
  );

  app.post(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Créer un hébergeur ; le lien d’activation lui est envoyé',
        body: providerPayloadSchema,
        response: { 201: envelope(userSchema) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await service.create(request.body))),
  );

  app.get(
    '/users/:id',
    {
      schema: { tags: ['users'], params: idParamsSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) => ok(await service.get(request.params.id)),
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        body: providerPayloadSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => ok(await service.update(request.params.id, request.body)),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Supprimer un hébergeur, ses établissements, déclarations et fichiers',
        params: idParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.delete(request.params.id);
      return ok(null);
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/users/:id/${action}`,
      {
        schema: {
          tags: ['users'],
          summary: archived
            ? 'Archiver (désactive le compte, ferme ses sessions)'
            : 'Restaurer un hébergeur archivé',
          params: idParamsSchema,
          response: { 200: envelope(userSchema) },
        },
      },
      async (request) => ok(await service.setArchived(request.params.id, archived)),
    );
  }
};
