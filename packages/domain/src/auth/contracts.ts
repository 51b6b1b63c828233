import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  updateSelfRequestSchema,
  userSchema,
} from '../identity/schemas';

/** The session and one's own account. */
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
  updateSelf: defineRoute({
    method: 'PUT',
    path: '/users/update-self',
    summary: 'Modifier son identifiant et son e-mail',
    tags: ['auth'],
    access: 'user',
    body: updateSelfRequestSchema,
    response: z.object({ user: userSchema, token: z.string() }),
    errors: ['username_taken', 'email_taken'],
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/users/change-password',
    summary: 'Changer son mot de passe ; renvoie un nouveau jeton, les autres sont révoqués',
    tags: ['auth'],
    access: 'user',
    body: changePasswordRequestSchema,
    response: z.string(),
    errors: ['invalid_password'],
  }),
};
