import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  updateSelfRequestSchema,
  userSchema,
} from '@sejour/domain';
import { z } from 'zod';
import { ok } from '../http/error-handler';
import { envelope } from '../http/schemas';
import { currentUser } from './access';
import type { AuthService } from './service';

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  app.post(
    '/users/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Connexion (identifiant ou e-mail) ; renvoie un jeton de session',
        body: loginRequestSchema,
        response: { 200: envelope(z.string()) },
      },
    },
    async (request) => ok(await service.login(request.body, request.ip)),
  );

  app.get(
    '/users/me',
    {
      schema: { tags: ['auth'], summary: 'Le compte connecté', response: { 200: envelope(userSchema) } },
    },
    async (request) => ok(await service.me(currentUser(request).id)),
  );

  app.put(
    '/users/update-self',
    {
      schema: {
        tags: ['auth'],
        summary: 'Modifier son identifiant et son e-mail',
        body: updateSelfRequestSchema,
        response: { 200: envelope(z.object({ user: userSchema, token: z.string() })) },
      },
    },
    async (request) => ok(await service.updateSelf(currentUser(request).id, request.body)),
  );

  app.put(
    '/users/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Changer son mot de passe ; renvoie un nouveau jeton, les autres sont révoqués',
        body: changePasswordRequestSchema,
        response: { 200: envelope(z.string()) },
      },
    },
    async (request) => ok(await service.changePassword(currentUser(request).id, request.body)),
  );
};
