import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { idParamsSchema } from '../validation/fields';
import { dashboardSchema, hostHomeSchema } from './home';
import { messagePayloadSchema, messageSchema } from './messages';

/** Announcements on Home: everyone reads the current ones of their audience; admins manage them. */
export const messagesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/messages',
    summary: 'Les messages en cours pour le public de l’appelant, le plus récent d’abord',
    tags: ['home'],
    access: 'user',
    response: z.array(messageSchema),
    errors: [],
  }),
  all: defineRoute({
    method: 'GET',
    path: '/messages/all',
    summary: 'Tous les messages, programmés et expirés compris (administrateurs)',
    tags: ['home'],
    access: 'admin',
    response: z.array(messageSchema),
    errors: [],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/messages',
    summary: 'Publier un message (titre, texte, public, dates de publication et d’expiration)',
    tags: ['home'],
    access: 'admin',
    body: messagePayloadSchema,
    response: messageSchema,
    status: 201,
    errors: [],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/messages/:id',
    summary: 'Modifier un message',
    tags: ['home'],
    access: 'admin',
    params: idParamsSchema,
    body: messagePayloadSchema,
    response: messageSchema,
    errors: ['not_found'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/messages/:id',
    summary: 'Supprimer un message',
    tags: ['home'],
    access: 'admin',
    params: idParamsSchema,
    response: z.null(),
    errors: ['not_found'],
  }),
};

/** What Home shows besides the messages: the host's next steps, the admins' dashboard. */
export const homeApi = {
  host: defineRoute({
    method: 'GET',
    path: '/home/host',
    summary: 'Ce que l’hébergeur a à faire : mois à déclarer, brouillons, prochaine échéance, dernier avis',
    tags: ['home'],
    access: 'user',
    response: hostHomeSchema,
    errors: [],
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/home/dashboard',
    summary: 'Le tableau de bord des administrateurs (compteurs, nuitées et taxe sur douze mois)',
    tags: ['home'],
    access: 'admin',
    response: dashboardSchema,
    errors: [],
  }),
};
