import { lifecycleApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createLifecycleService } from './service';

/** Closures and cessation of establishments; access and ownership are in lifecycleApi. */
export const register: RegisterFeature = (api, { db, now }) => {
  const service = createLifecycleService({ db, now });
  routes(api, lifecycleApi, {
    get: ({ params }) => service.get(params.id),
    addClosure: ({ params, body, actor }) => service.addClosure(params.id, body, actor),
    removeClosure: ({ params, actor }) => service.removeClosure(params.id, params.closureId, actor),
    cease: ({ params, body, actor }) => service.cease(params.id, body, actor),
    reopen: ({ params, actor }) => service.reopen(params.id, actor),
  });
};
