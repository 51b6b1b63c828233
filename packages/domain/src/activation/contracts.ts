import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { askResetPasswordRequestSchema, linkPasswordRequestSchema } from '../passwords/schemas';
import { idParamsSchema } from '../validation/fields';

/** The account lifecycle by e-mail: a link token only opens its own endpoint. */
export const activationApi = {
  activate: defineRoute({
    method: 'POST',
    path: '/users/:id/activate-account',
    summary: 'Activer son compte en choisissant un mot de passe (jeton du lien d’activation)',
    tags: ['activation'],
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
    tags: ['activation'],
    access: 'public',
    body: askResetPasswordRequestSchema,
    response: z.null(),
    errors: [],
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/users/:id/reset-password',
    summary: 'Choisir un nouveau mot de passe (jeton du lien reçu) ; renvoie un jeton de session',
    tags: ['activation'],
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
    tags: ['activation'],
    access: 'admin',
    owns: 'user',
    params: idParamsSchema,
    response: z.null(),
    errors: ['not_found', 'account_already_activated'],
  }),
};
