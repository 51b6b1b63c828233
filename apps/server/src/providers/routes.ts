import { providersApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createProvidersService } from './service';

/** Providers (hébergeurs); who may call what is in the contracts (providersApi). */
export const register: RegisterFeature = (api, { db, activation }) => {
  const service = createProvidersService({ db, mail: activation });
  routes(api, providersApi, {
    list: ({ query }) => service.list(query),
    create: ({ body, actor }) => service.create(body, actor),
    get: ({ params }) => service.get(params.id),
    update: ({ params, body, actor }) => service.update(params.id, body, actor),
    remove: async ({ params, actor }) => {
      await service.delete(params.id, actor);
      return null;
    },
    archive: ({ params, actor }) => service.setArchived(params.id, true, actor),
    restore: ({ params, actor }) => service.setArchived(params.id, false, actor),
  });
};
