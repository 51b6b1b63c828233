import { changeRequestsApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createChangeRequestsService } from './service';

/** Change requests; who may call what is in the contracts (changeRequestsApi). */
export const register: RegisterFeature = (api, { db, now, mailer, activation, config }) => {
  const service = createChangeRequestsService({
    db,
    now,
    mailer,
    mail: activation,
    log: api.log,
    publicUrl: config.publicUrl,
    collectivityName: config.collectivityName,
  });
  routes(api, changeRequestsApi, {
    list: ({ query, actor }) => service.list(query, actor),
    askForEstablishment: ({ params, body, actor }) => service.askForEstablishment(params.id, body, actor),
    askForAccount: ({ body, actor }) => service.askForAccount(body, actor),
    withdraw: ({ params, actor }) => service.withdraw(params.id, actor),
    accept: ({ params, actor }) => service.accept(params.id, actor),
    refuse: ({ params, body, actor }) => service.refuse(params.id, body.reason, actor),
  });
};
