import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  idParamsSchema,
  isAdminRole,
  pricingDetailSchema,
  pricingInForceQuerySchema,
  pricingPayloadSchema,
} from '@sejour/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/access';
import { ok } from '../http/error-handler';
import { envelope } from '../http/schemas';
import type { PricingsService } from './service';

const tags = ['pricings'];

function viewer(request: FastifyRequest) {
  return { isAdmin: isAdminRole(currentUser(request).role) };
}

/**
 * Pricing tables (tarifs), decision 0103. Access rules: src/auth/permissions.ts — admins manage them; any
 * signed-in user may read one pricing and the one in force for a month (a host sees the tariffs their
 * declarations are computed with).
 */
export const pricingsRoutes: FastifyPluginAsyncZod<{ service: PricingsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/pricings',
    {
      schema: {
        tags,
        summary:
          'Les grilles tarifaires, la plus récente d’abord, avec leur état (passée, en cours, à venir)',
        response: { 200: envelope(z.array(pricingDetailSchema)) },
      },
    },
    async () => ok(await service.list()),
  );

  app.get(
    '/pricings/in-force',
    {
      schema: {
        tags,
        summary: 'La grille qui couvre tout un mois (no_pricing_for_period sinon)',
        querystring: pricingInForceQuerySchema,
        response: { 200: envelope(pricingDetailSchema) },
      },
    },
    async (request) => ok(await service.inForce(request.query, viewer(request))),
  );

  app.get(
    '/pricings/:id',
    {
      schema: {
        tags,
        summary: 'Une grille tarifaire et ses colonnes calculées',
        params: idParamsSchema,
        response: { 200: envelope(pricingDetailSchema) },
      },
    },
    async (request) => ok(await service.get(request.params.id, viewer(request))),
  );

  app.post(
    '/pricings',
    {
      schema: {
        tags,
        summary: 'Créer une grille (période sans chevauchement, tarifs dans les limites légales)',
        body: pricingPayloadSchema,
        response: { 201: envelope(pricingDetailSchema) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await service.create(request.body))),
  );

  app.put(
    '/pricings/:id',
    {
      schema: {
        tags,
        summary: 'Remplacer une grille ; refusé s’il modifierait une déclaration terminée (pricing_in_use)',
        params: idParamsSchema,
        body: pricingPayloadSchema,
        response: { 200: envelope(pricingDetailSchema) },
      },
    },
    async (request) => ok(await service.update(request.params.id, request.body)),
  );

  app.delete(
    '/pricings/:id',
    {
      schema: {
        tags,
        summary: 'Supprimer une grille qu’aucune déclaration terminée n’utilise',
        params: idParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return ok(null);
    },
  );
};
