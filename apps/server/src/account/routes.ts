import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { askResetPasswordRequestSchema, idParamsSchema, linkPasswordRequestSchema } from '@sejour/domain';
import { z } from 'zod';
import { currentUser } from '../auth/access';
import { ok } from '../http/error-handler';
import { envelope } from '../http/schemas';
import type { AccountService } from './service';

/**
 * The account lifecycle calls of spec §7. Their access rules are in src/auth/permissions.ts: the two link
 * endpoints accept only a link token of their own purpose, never a session.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (app, { service }) => {
  app.post(
    '/users/:id/activate-account',
    {
      schema: {
        tags: ['account'],
        summary: 'Activer son compte en choisissant un mot de passe (jeton du lien d’activation)',
        params: idParamsSchema,
        body: linkPasswordRequestSchema,
        response: { 200: envelope(z.string()) },
      },
    },
    async (request) =>
      ok(await service.activate(currentUser(request), request.params.id, request.body.password, request.ip)),
  );

  app.post(
    '/users/ask-reset-password',
    {
      schema: {
        tags: ['account'],
        summary:
          'Recevoir un lien pour choisir un nouveau mot de passe (même réponse si le compte n’existe pas)',
        body: askResetPasswordRequestSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.askResetPassword(request.body, request.ip);
      return ok(null);
    },
  );

  app.post(
    '/users/:id/reset-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Choisir un nouveau mot de passe (jeton du lien reçu) ; renvoie un jeton de session',
        params: idParamsSchema,
        body: linkPasswordRequestSchema,
        response: { 200: envelope(z.string()) },
      },
    },
    async (request) =>
      ok(
        await service.resetPassword(
          currentUser(request),
          request.params.id,
          request.body.password,
          request.ip,
        ),
      ),
  );

  app.post(
    '/users/:id/ask-activation',
    {
      schema: {
        tags: ['account'],
        summary: 'Envoyer (à nouveau) le lien d’activation d’un compte',
        params: idParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.askActivation(currentUser(request), request.params.id, request.ip);
      return ok(null);
    },
  );
};
