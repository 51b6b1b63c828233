import { reportsApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createReportsService } from './service';

/** Reports of new accommodations: sent by anyone, decided by admins (reportsApi). */
export const register: RegisterFeature = (api, { db, limiter, mailer, activation, now, config }) => {
  const service = createReportsService({
    db,
    limiter,
    mailer,
    account: activation,
    now,
    log: api.log,
    publicUrl: config.publicUrl,
    collectivityName: config.collectivityName,
  });
  routes(api, reportsApi, {
    submit: async ({ body, request }) => {
      await service.submit(body, request.ip);
      return null;
    },
    list: ({ query }) => service.list(query),
    count: () => service.countPending(),
    get: ({ params }) => service.get(params.id),
    accept: ({ params, body, actor }) => service.accept(params.id, body, actor),
    reject: ({ params, body, actor }) => service.reject(params.id, body.reason, actor),
  });
};
