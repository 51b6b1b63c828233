import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { askResetPasswordRequestSchema, linkPasswordRequestSchema } from '../passwords/schemas';
import { idParamsSchema } from '../validation/fields';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  updateSelfRequestSchema,
  userSchema,
} from './schemas';

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

/** The account lifecycle by e-mail: a link token only opens its own endpoint. */
export const accountApi = {
  activate: defineRoute({
    method: 'POST',
    path: '/users/:id/activate-account',
    summary: 'Activer son compte en choisissant un mot de passe (jeton du lien d’activation)',
    tags: ['account'],
    access: { purpose: 'activate' },
    owns: 'self',
    params: idParamsSchema,
    body: linkPasswordRequestSchema,
    response: z.string(),
    errors: ['forbidden', 'invalid_password', 'account_already_activated', 'rate_limited'],
  }),
  askResetPassword: defineRoute({
    method: 'POST',
    path: '/users/ask-reset-password',
    summary: 'Recevoir un lien pour choisir un nouveau mot de passe (même réponse si le compte n’existe pas)',
    tags: ['account'],
    access: 'public',
    body: askResetPasswordRequestSchema,
    response: z.null(),
    errors: [],
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/users/:id/reset-password',
    summary: 'Choisir un nouveau mot de passe (jeton du lien reçu) ; renvoie un jeton de session',
    tags: ['account'],
    access: { purpose: 'reset' },
    owns: 'self',
    params: idParamsSchema,
    body: linkPasswordRequestSchema,
    response: z.string(),
    errors: ['forbidden', 'invalid_password', 'rate_limited'],
  }),
  askActivation: defineRoute({
    method: 'POST',
    path: '/users/:id/ask-activation',
    summary: 'Envoyer (à nouveau) le lien d’activation d’un compte',
    tags: ['account'],
    access: 'admin',
    owns: 'user',
    params: idParamsSchema,
    response: z.null(),
    errors: ['not_found', 'account_already_activated'],
  }),
};
