import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { idParamsSchema } from '../validation/fields';
import {
  changeRequestListQuerySchema,
  changeRequestSchema,
  establishmentChangeRequestSchema,
  providerChangeRequestSchema,
  refuseChangeRequestSchema,
} from './schemas';

/**
 * Change requests (docs/decisions/0150-change-requests.md): a host proposes new identity or tax values of
 * their establishment or of their own account, an admin accepts or refuses them.
 */
export const changeRequestsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/change-requests',
    summary: 'Demandes de modification (un hébergeur : les siennes), par statut, établissement ou hébergeur',
    tags: ['change-requests'],
    access: 'user',
    query: changeRequestListQuerySchema,
    ownsInput: { establishmentId: 'establishment', userId: 'user' },
    response: z.array(changeRequestSchema),
    envelope: 'list',
    errors: [],
  }),
  askForEstablishment: defineRoute({
    method: 'POST',
    path: '/establishments/:id/change-requests',
    summary:
      'Demander la modification de l’adresse, de la capacité ou du classement de son établissement, à une date d’effet',
    tags: ['change-requests'],
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    body: establishmentChangeRequestSchema,
    response: changeRequestSchema,
    status: 201,
    errors: ['not_found', 'forbidden', 'change_request_pending', 'change_request_no_change'],
  }),
  askForAccount: defineRoute({
    method: 'POST',
    path: '/account/change-requests',
    summary: 'Demander la modification de sa raison sociale ou de son SIRET, à une date d’effet',
    tags: ['change-requests'],
    access: 'user',
    body: providerChangeRequestSchema,
    response: changeRequestSchema,
    status: 201,
    errors: ['forbidden', 'change_request_pending', 'change_request_no_change'],
  }),
  withdraw: defineRoute({
    method: 'POST',
    path: '/change-requests/:id/withdraw',
    summary: 'Retirer sa demande en attente',
    tags: ['change-requests'],
    access: 'user',
    owns: 'change_request',
    params: idParamsSchema,
    response: changeRequestSchema,
    errors: ['not_found', 'forbidden', 'change_request_decided'],
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/change-requests/:id/accept',
    summary:
      'Accepter une demande : ses valeurs s’appliquent à sa date d’effet (aujourd’hui si elle est passée)',
    tags: ['change-requests'],
    access: 'admin',
    owns: 'change_request',
    params: idParamsSchema,
    response: changeRequestSchema,
    errors: ['not_found', 'change_request_decided', 'numero_taken', 'username_taken', 'email_taken'],
  }),
  refuse: defineRoute({
    method: 'POST',
    path: '/change-requests/:id/refuse',
    summary: 'Refuser une demande, avec son motif (montré à l’hébergeur)',
    tags: ['change-requests'],
    access: 'admin',
    owns: 'change_request',
    params: idParamsSchema,
    body: refuseChangeRequestSchema,
    response: changeRequestSchema,
    errors: ['not_found', 'change_request_decided'],
  }),
};
