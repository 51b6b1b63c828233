import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { loginRequestSchema, userSchema } from '../identity/schemas';

/** The session: signing in, and who is signed in. */
export const authApi = {
  login: defineRoute({
    method: 'POST',
    path: '/users/login',
    summary: 'Connexion (identifiant ou e-mail) ; renvoie un jeton de session',
    tags: ['auth'],
    access: 'public',
    body: loginRequestSchema,
    response: z.string(),
    errors: ['invalid_credentials', 'account_disabled', 'account_not_activated'],
  }),
  me: defineRoute({
    method: 'GET',
    path: '/users/me',
    summary: 'Le compte connecté',
    tags: ['auth'],
    access: 'user',
    response: userSchema,
    errors: [],
  }),
};
