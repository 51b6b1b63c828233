import { auditApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createAuditService } from './service';

/**
 * The audit log's read side: the Journal, its CSV, and the histories shown on detail screens. No route
 * writes it (docs/features/audit.md): services record their changes through `recordChange`.
 */
export const register: RegisterFeature = (api, { db, offload }) => {
  const service = createAuditService({ db, offload });
  routes(api, auditApi, {
    list: ({ query }) => service.list(query),
    exportCsv: async ({ query }) => ({ body: service.csv(query), filename: 'journal.csv' }),
    declarationHistory: ({ params, query, actor }) => service.history('declaration', params.id, query, actor),
    establishmentHistory: ({ params, query, actor }) =>
      service.history('establishment', params.id, query, actor),
  });
};
