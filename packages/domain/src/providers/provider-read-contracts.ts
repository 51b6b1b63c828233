import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { userSchema } from '../identity/schemas';
import { idParamsSchema } from '../validation/fields';
import { providerListQuerySchema } from './schemas';

/**
 * The providers' reads, part of `providersApi`: a screen that lists or picks providers imports these alone,
 * so that it does not bring the writes' payload and its phone rule (docs/decisions/0114).
 */
export const providersReadApi = {
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
};
