import { homeApi, messagesApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createCollectivitySettings } from '../settings/collectivity';
import { createMessagesService } from './messages-service';
import { createHomeService } from './service';

/**
 * Home: the host's next steps, the admins' dashboard and the announcements everyone reads there
 * (docs/features/home.md says how they fit together).
 */
export const register: RegisterFeature = (api, { db, now, config }) => {
  const settings = createCollectivitySettings(db, config.collectivityName);
  const service = createHomeService({ db, now, settings });
  routes(api, homeApi, {
    host: ({ actor }) => service.host(actor),
    dashboard: () => service.dashboard(),
  });
  const messages = createMessagesService({ db, now });
  routes(api, messagesApi, {
    list: ({ actor }) => messages.current(actor),
    all: () => messages.all(),
    create: ({ actor, body }) => messages.create(actor, body),
    update: ({ actor, params, body }) => messages.update(actor, params.id, body),
    remove: async ({ actor, params }) => {
      await messages.remove(actor, params.id);
      return null;
    },
  });
};
