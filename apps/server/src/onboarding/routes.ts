import { onboardingApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createOnboardingService } from './service';

/** Bulk onboarding of providers and establishments by admins (decision 0147). */
export const register: RegisterFeature = (api, { db, now, activation }) => {
  const service = createOnboardingService({ db, now, activation, log: api.log });
  routes(api, onboardingApi, {
    import: ({ body, actor }) => service.importBatch(body, actor),
    invitations: ({ body }) => service.invite(body.userIds),
  });
};
