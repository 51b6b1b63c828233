import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { identityErrors } from '../identity/identity-errors';
import { userSchema } from '../identity/schemas';
import { idParamsSchema } from '../validation/fields';
import { adminListQuerySchema, adminPayloadSchema } from './schemas';

// Apart from the providers' contracts, whose writes bring the phone rule (docs/decisions/0114).

/** Administrators: every admin reads them, a superadmin manages them. */
export const adminsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/admins',
    summary: 'Administrateurs, recherche, tri, pages',
    tags: ['admins'],
    access: 'admin',
    query: adminListQuerySchema,
    response: z.array(userSchema),
    envelope: 'list',
    errors: [],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/admins',
    summary: 'Créer un administrateur (super-administrateur seulement)',
    tags: ['admins'],
    access: 'superadmin',
    body: adminPayloadSchema,
    response: userSchema,
    status: 201,
    errors: identityErrors,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/admins/:id',
    summary: 'Un administrateur',
    tags: ['admins'],
    access: 'admin',
    owns: 'admin',
    params: idParamsSchema,
    response: userSchema,
    errors: ['not_found'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/admins/:id',
    summary: 'Modifier un administrateur ou son rôle (le dernier super-administrateur reste)',
    tags: ['admins'],
    access: 'superadmin',
    owns: 'admin',
    params: idParamsSchema,
    body: adminPayloadSchema,
    response: userSchema,
    errors: ['not_found', 'conflict', ...identityErrors],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/admins/:id',
    summary: 'Supprimer un administrateur (ni soi-même, ni le dernier super-administrateur)',
    tags: ['admins'],
    access: 'superadmin',
    owns: 'admin',
    params: idParamsSchema,
    response: z.null(),
    errors: ['not_found', 'forbidden', 'conflict'],
  }),
};
