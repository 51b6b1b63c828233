import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { idParamsSchema } from '../validation/fields';
import { reportCountRoute } from './count-contract';
import { REPORT_BODY_LIMIT, reportAcceptSchema, reportPayloadSchema, reportRejectSchema } from './schemas';
import { reportDetailSchema, reportListRoute } from './view';

/**
 * Reports of a new accommodation (docs/features/reports.md): anyone sends one through the public
 * forms, without an account; admins review them, and only an admin's accept creates anything.
 */
export const reportsApi = {
  submit: defineRoute({
    method: 'POST',
    path: '/establishments/report',
    summary:
      'Déclarer un nouvel hébergement (formulaire public) ; même réponse que l’adresse ait un compte ou non',
    tags: ['reports'],
    access: 'public',
    body: reportPayloadSchema,
    response: z.null(),
    errors: [],
    bodyLimit: REPORT_BODY_LIMIT,
  }),
  list: reportListRoute,
  count: reportCountRoute,
  get: defineRoute({
    method: 'GET',
    path: '/reports/:id',
    summary: 'Une demande, avec les hébergeurs qui ont déjà son e-mail ou sa société',
    tags: ['reports'],
    access: 'admin',
    params: idParamsSchema,
    response: reportDetailSchema,
    errors: ['not_found'],
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/reports/:id/accept',
    summary:
      'Accepter : créer l’hébergeur (ou rattacher à un existant) et l’établissement, envoyer le lien d’activation',
    tags: ['reports'],
    access: 'admin',
    params: idParamsSchema,
    body: reportAcceptSchema,
    response: reportDetailSchema,
    errors: ['not_found', 'report_decided', 'username_taken', 'email_taken', 'numero_taken'],
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/reports/:id/reject',
    summary: 'Refuser, avec un motif envoyé par e-mail au déclarant',
    tags: ['reports'],
    access: 'admin',
    params: idParamsSchema,
    body: reportRejectSchema,
    response: reportDetailSchema,
    errors: ['not_found', 'report_decided'],
  }),
};
