import { settingsApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createCollectivitySettings, saveCollectivitySettings } from './collectivity';

/** The collectivity's identity and payment terms, as admins edit them and the notices print them. */
export const register: RegisterFeature = (api, { db, config }) => {
  const settings = createCollectivitySettings(db, config.collectivityName);
  routes(api, settingsApi, {
    getCollectivity: () => settings.get(),
    updateCollectivity: ({ body, actor }) =>
      saveCollectivitySettings(db, config.collectivityName, body, actor),
  });
};
