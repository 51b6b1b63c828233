import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { changePasswordRequestSchema, updateSelfRequestSchema, userSchema } from '../identity/schemas';
import { confirmEmailRequestSchema, contactRequestSchema, contactResponseSchema } from './contact';

/** One's own account (Mon compte): identity and password. */
export const accountApi = {
  updateSelf: defineRoute({
    method: 'PUT',
    path: '/users/update-self',
    summary:
      'Modifier son identifiant et son e-mail (une nouvelle adresse ne vaut qu’une fois confirmée par le lien qui lui est envoyé)',
    tags: ['account'],
    access: 'user',
    body: updateSelfRequestSchema,
    response: z.object({ user: userSchema, token: z.string(), pendingEmail: z.string().nullable() }),
    errors: ['username_taken', 'email_taken'],
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/users/change-password',
    summary: 'Changer son mot de passe ; renvoie un nouveau jeton, les autres sont révoqués',
    tags: ['account'],
    access: 'user',
    body: changePasswordRequestSchema,
    response: z.string(),
    errors: ['invalid_password'],
  }),
  contact: defineRoute({
    method: 'GET',
    path: '/account/contact',
    summary: 'Ses coordonnées, et la nouvelle adresse e-mail en attente de confirmation',
    tags: ['account'],
    access: 'user',
    response: contactResponseSchema,
    errors: [],
  }),
  updateContact: defineRoute({
    method: 'PUT',
    path: '/account/contact',
    summary:
      'Modifier ses coordonnées (téléphone, adresse) ; une nouvelle adresse e-mail reçoit un lien de confirmation',
    tags: ['account'],
    access: 'user',
    body: contactRequestSchema,
    response: contactResponseSchema,
    errors: ['email_taken'],
  }),
  confirmEmail: defineRoute({
    method: 'POST',
    path: '/account/confirm-email',
    summary: 'Confirmer sa nouvelle adresse e-mail (jeton du lien reçu à cette adresse)',
    tags: ['account'],
    access: 'public',
    body: confirmEmailRequestSchema,
    response: z.object({ email: z.string() }),
    errors: ['link_invalid', 'link_expired', 'email_taken'],
  }),
};
