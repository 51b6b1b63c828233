import { accountApi } from '@sejour/domain';
import { createAuthService } from '../auth/service';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createUsersRepository } from '../identity/repository';

/** One's own account (Mon compte): identity and password, checked and signed by the session's service. */
export const register: RegisterFeature = (api, { db, tokens, limiter }) => {
  const service = createAuthService({ db, users: createUsersRepository(db), tokens, limiter });
  routes(api, accountApi, {
    updateSelf: ({ actor, body }) => service.updateSelf(actor, body),
    changePassword: ({ actor, body, request }) => service.changePassword(actor, body, request.ip),
  });
};
