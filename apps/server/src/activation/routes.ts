import { activationApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';

/**
 * The account lifecycle by e-mail: the two link endpoints accept only a link token of their own purpose,
 * never a session (their contracts, activationApi).
 */
export const register: RegisterFeature = (api, { activation: service }) => {
  routes(api, activationApi, {
    activate: ({ actor, params, body, request }) =>
      service.activate(actor, params.id, body.password, request.ip),
    askResetPassword: async ({ body, request }) => {
      await service.askResetPassword(body, request.ip);
      return null;
    },
    resetPassword: ({ actor, params, body, request }) =>
      service.resetPassword(actor, params.id, body.password, request.ip),
    askActivation: async ({ actor, params, request }) => {
      await service.askActivation(actor, params.id, request.ip);
      return null;
    },
  });
};
