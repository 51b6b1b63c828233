import { establishmentLifeApi, establishmentsApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createLifecycleService } from './life-service';
import { createNaturesToConfirm } from './natures-to-confirm';
import { createEstablishmentsService } from './service';

/**
 * Images are private to those who may read the establishment: browsers may keep them (`private`) but must
 * ask again (`no-cache`, answered `304` while the ETag matches), so a replaced image shows at once.
 */
const IMAGE_CACHE = 'private, no-cache';

/** Establishments (docs/features/establishments.md); access and ownership are in establishmentsApi. */
export const register: RegisterFeature = (api, { db, now }) => {
  const service = createEstablishmentsService({ db, now });
  const natures = createNaturesToConfirm({ db, now, detail: service.get });
  const imageFile = async (id: number, variant: 'data' | 'thumbnail') => {
    const file = await service.imageFile(id, variant);
    return { body: file.bytes, etag: file.etag, cacheControl: IMAGE_CACHE };
  };
  routes(api, establishmentsApi, {
    list: ({ query, actor }) => service.list(query, actor),
    create: ({ body, actor }) => service.create(body, actor),
    naturesToConfirm: ({ query }) => natures.list(query),
    confirmNature: ({ params, body, actor }) => natures.confirm(params.id, body, actor),
    get: ({ params }) => service.get(params.id),
    update: ({ params, body, actor }) => service.update(params.id, body, actor),
    remove: async ({ params, actor }) => {
      await service.remove(params.id, actor);
      return null;
    },
    uploadImage: ({ params, body, actor }) => service.uploadImage(params.id, body, actor),
    getImage: ({ params }) => service.imageDataUrl(params.id),
    removeImage: ({ params, actor }) => service.removeImage(params.id, actor),
    imageFull: ({ params }) => imageFile(params.id, 'data'),
    imageThumbnail: ({ params }) => imageFile(params.id, 'thumbnail'),
  });
  const life = createLifecycleService({ db, now });
  routes(api, establishmentLifeApi, {
    get: ({ params }) => life.get(params.id),
    addClosure: ({ params, body, actor }) => life.addClosure(params.id, body, actor),
    removeClosure: ({ params, actor }) => life.removeClosure(params.id, params.closureId, actor),
    cease: ({ params, body, actor }) => life.cease(params.id, body, actor),
    reopen: ({ params, actor }) => life.reopen(params.id, actor),
  });
};
