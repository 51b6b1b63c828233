import { pricingsApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createLegalBoundsService } from './bounds-service';
import { createPricingsService } from './service';

/** Pricing tables (tarifs), decision 0103; who may call what is in the contracts (pricingsApi). */
export const register: RegisterFeature = (api, { db, now }) => {
  const service = createPricingsService({ db, now });
  const bounds = createLegalBoundsService({ db });
  routes(api, pricingsApi, {
    list: () => service.list(),
    bounds: () => bounds.list(),
    createBounds: ({ body }) => bounds.create(body),
    updateBounds: ({ params, body }) => bounds.update(params.year, body),
    removeBounds: async ({ params }) => {
      await bounds.remove(params.year);
      return null;
    },
    inForce: ({ query, actor }) => service.inForce(query, actor),
    get: ({ params, actor }) => service.get(params.id, actor),
    create: ({ body }) => service.create(body),
    update: ({ params, body }) => service.update(params.id, body),
    remove: async ({ params }) => {
      await service.remove(params.id);
      return null;
    },
  });
};
