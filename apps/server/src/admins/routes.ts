import { adminsApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createAdminsService } from './service';

/** Administrators; who may call what is in the contracts (adminsApi). */
export const register: RegisterFeature = (api, { db, activation }) => {
  const service = createAdminsService({ db, mail: activation });
  routes(api, adminsApi, {
    list: ({ query }) => service.list(query),
    create: ({ body, actor }) => service.create(body, actor),
    get: ({ params }) => service.get(params.id),
    update: ({ params, body, actor }) => service.update(params.id, body, actor),
    remove: async ({ actor, params }) => {
      await service.delete(actor, params.id);
      return null;
    },
  });
};
