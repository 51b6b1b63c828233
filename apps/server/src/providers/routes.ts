import { providersApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createProvidersService } from './service';

/** Providers (hébergeurs); who may call what is in the contracts (providersApi). */
export const register: RegisterFeature = (api, { db, account }) => {
  const service = createProvidersService({ db, mail: account });
  routes(api, providersApi, {
    list: ({ query }) => service.list(query),
    create: ({ body }) => service.create(body),
    get: ({ params }) => service.get(params.id),
    update: ({ params, body }) => service.update(params.id, body),
    remove: async ({ params }) => {
      await service.delete(params.id);
      return null;
    },
    archive: ({ params }) => service.setArchived(params.id, true),
    restore: ({ params }) => service.setArchived(params.id, false),
  });
};
