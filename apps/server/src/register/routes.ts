import { registerApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createRegisterExports } from './export';
import { createRegisterService } from './service';

/** The host's register: thin HTTP over the service, which holds the rules and calls the ownership check. */
export const register: RegisterFeature = (api, { db, offload }) => {
  const service = createRegisterService({ db });
  const exports = createRegisterExports(db, offload);
  routes(api, registerApi, {
    list: ({ actor, params, query }) => service.list(actor, params.id, query),
    create: ({ actor, params, body }) => service.create(actor, params.id, body),
    update: ({ actor, params, body }) => service.update(actor, params.id, body),
    remove: async ({ actor, params }) => {
      await service.remove(actor, params.id);
      return null;
    },
    import: ({ actor, params, body }) => service.import(actor, params.id, body),
    month: ({ actor, params, query }) => service.month(actor, params.id, query.year, query.month),
    exportCsv: ({ actor, params, query }) => exports.csv(actor, params.id, query),
    exportPdf: ({ actor, params, query }) => exports.pdfFile(actor, params.id, query),
  });
};
