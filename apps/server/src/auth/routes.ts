import { authApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createUsersRepository } from '../identity/repository';
import { createAuthService } from './service';

/** The session: signing in, and who is signed in. */
export const register: RegisterFeature = (api, { db, tokens, limiter }) => {
  const service = createAuthService({ db, users: createUsersRepository(db), tokens, limiter });
  routes(api, authApi, {
    login: ({ body, request }) => service.login(body, request.ip),
    me: ({ actor }) => service.me(actor.id),
  });
};
