import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { idParamsSchema } from '../validation/fields';
import { auditEntrySchema, auditHistoryQuerySchema, auditListQuerySchema } from './schemas';

/**
 * The audit log (docs/features/audit.md). Read-only by construction: no route writes, edits or
 * deletes an entry. Admins read the whole Journal; anyone who may read a declaration or an establishment
 * reads its history (a host: their own, without other people's addresses).
 */
export const auditApi = {
  list: defineRoute({
    method: 'GET',
    path: '/journal',
    summary: 'Journal des modifications : filtres (qui, entité, action, dates), pages',
    tags: ['audit'],
    access: 'admin',
    query: auditListQuerySchema,
    response: z.array(auditEntrySchema),
    envelope: 'list',
    errors: [],
  }),
  exportCsv: defineRoute({
    method: 'GET',
    path: '/journal/export.csv',
    summary: 'Journal des modifications filtré, en CSV',
    tags: ['audit'],
    access: 'admin',
    query: auditListQuerySchema,
    response: z.unknown(),
    produces: 'text/csv',
    errors: [],
  }),
  declarationHistory: defineRoute({
    method: 'GET',
    path: '/declarations/:id/history',
    summary: 'Historique d’une déclaration',
    tags: ['audit'],
    access: 'user',
    owns: 'declaration',
    params: idParamsSchema,
    query: auditHistoryQuerySchema,
    response: z.array(auditEntrySchema),
    envelope: 'list',
    errors: ['not_found'],
  }),
  establishmentHistory: defineRoute({
    method: 'GET',
    path: '/establishments/:id/history',
    summary: 'Historique d’un établissement et de ses déclarations',
    tags: ['audit'],
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    query: auditHistoryQuerySchema,
    response: z.array(auditEntrySchema),
    envelope: 'list',
    errors: ['not_found'],
  }),
};
