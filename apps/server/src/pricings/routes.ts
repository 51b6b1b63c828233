import { pricingsApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createLegalBoundsService } from './bounds-service';
import { createPricingsService } from './service';

/** Pricing tables (tarifs), docs/features/pricings.md; who may call what is in the contracts (pricingsApi). */
export const register: RegisterFeature = (api, { db, now }) => {
  const service = createPricingsService({ db, now });
  const bounds = createLegalBoundsService({ db });
  routes(api, pricingsApi, {
    list: () => service.list(),
    bounds: () => bounds.list(),
    createBounds: ({ body, actor }) => bounds.create(body, actor),
    updateBounds: ({ params, body, actor }) => bounds.update(params.year, body, actor),
    removeBounds: async ({ params, actor }) => {
      await bounds.remove(params.year, actor);
      return null;
    },
    inForce: ({ query, actor }) => service.inForce(query, actor),
    publicInForce: () => service.publicInForce(),
    get: ({ params, actor }) => service.get(params.id, actor),
    create: ({ body, actor }) => service.create(body, actor),
    update: ({ params, body, actor }) => service.update(params.id, body, actor),
    remove: async ({ params, actor }) => {
      await service.remove(params.id, actor);
      return null;
    },
  });
};
