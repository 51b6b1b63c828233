import { registerApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createRegisterExports } from './export';
import { createRegisterService } from './service';

/** The host's register: thin HTTP over the service, which holds the rules; the access hook decided ownership. */
export const register: RegisterFeature = (api, { db, offload }) => {
  const service = createRegisterService({ db });
  const exports = createRegisterExports(db, offload);
  routes(api, registerApi, {
    list: ({ params, query }) => service.list(params.id, query),
    create: ({ actor, params, body }) => service.create(actor, params.id, body),
    update: ({ actor, params, body }) => service.update(actor, params.id, body),
    remove: async ({ actor, params }) => {
      await service.remove(actor, params.id);
      return null;
    },
    import: ({ actor, params, body }) => service.import(actor, params.id, body),
    month: ({ params, query }) => service.month(params.id, query.year, query.month),
    exportCsv: ({ params, query }) => exports.csv(params.id, query),
    exportPdf: ({ params, query }) => exports.pdfFile(params.id, query),
  });
};
