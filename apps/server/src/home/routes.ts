import { homeApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createCollectivitySettings } from '../settings/collectivity';
import { createHomeService } from './service';

/** Home: the host's next steps and the admins' dashboard. */
export const register: RegisterFeature = (api, { db, now, config }) => {
  const settings = createCollectivitySettings(db, config.collectivityName);
  const service = createHomeService({ db, now, settings });
  routes(api, homeApi, {
    host: ({ actor }) => service.host(actor),
    dashboard: () => service.dashboard(),
  });
};
