import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { identityErrors } from '../identity/identity-errors';
import { userSchema } from '../identity/schemas';
import { idParamsSchema } from '../validation/fields';
import { providerListQuerySchema, providerPayloadSchema } from './schemas';

/** Providers (hébergeurs, role host), managed by admins. */
export const providersApi = {
  list: defineRoute({
    method: 'GET',
    path: '/users',
    summary: 'Hébergeurs (archivés avec archived=true), recherche, tri, pages',
    tags: ['providers'],
    access: 'admin',
    query: providerListQuerySchema,
    response: z.array(userSchema),
    envelope: 'list',
    errors: [],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/users',
    summary: 'Créer un hébergeur ; le lien d’activation lui est envoyé',
    tags: ['providers'],
    access: 'admin',
    body: providerPayloadSchema,
    response: userSchema,
    status: 201,
    errors: identityErrors,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/users/:id',
    summary: 'Un hébergeur',
    tags: ['providers'],
    access: 'admin',
    owns: 'user',
    params: idParamsSchema,
    response: userSchema,
    errors: ['not_found'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/users/:id',
    summary: 'Modifier un hébergeur',
    tags: ['providers'],
    access: 'admin',
    owns: 'user',
    params: idParamsSchema,
    body: providerPayloadSchema,
    response: userSchema,
    errors: ['not_found', ...identityErrors],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/users/:id',
    summary: 'Supprimer un hébergeur, ses établissements, déclarations et fichiers',
    tags: ['providers'],
    access: 'admin',
    owns: 'user',
    params: idParamsSchema,
    response: z.null(),
    errors: ['not_found'],
  }),
  archive: defineRoute({
    method: 'POST',
    path: '/users/:id/archive',
    summary: 'Archiver (désactive le compte, ferme ses sessions)',
    tags: ['providers'],
    access: 'admin',
    owns: 'user',
    params: idParamsSchema,
    response: userSchema,
    errors: ['not_found'],
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/users/:id/restore',
    summary: 'Restaurer un hébergeur archivé',
    tags: ['providers'],
    access: 'admin',
    owns: 'user',
    params: idParamsSchema,
    response: userSchema,
    errors: ['not_found'],
  }),
};
