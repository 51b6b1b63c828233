import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { changePasswordRequestSchema, updateSelfRequestSchema, userSchema } from '../identity/schemas';

/** One's own account (Mon compte): identity and password. */
export const accountApi = {
  updateSelf: defineRoute({
    method: 'PUT',
    path: '/users/update-self',
    summary: 'Modifier son identifiant et son e-mail',
    tags: ['account'],
    access: 'user',
    body: updateSelfRequestSchema,
    response: z.object({ user: userSchema, token: z.string() }),
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
};
