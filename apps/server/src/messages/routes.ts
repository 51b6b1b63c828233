import { messagesApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createMessagesService } from './service';

/** Announcements on Home (docs/features/home.md says how the Home features fit together). */
export const register: RegisterFeature = (api, { db, now }) => {
  const service = createMessagesService({ db, now });
  routes(api, messagesApi, {
    list: ({ actor }) => service.current(actor),
    all: () => service.all(),
    create: ({ actor, body }) => service.create(actor, body),
    update: ({ actor, params, body }) => service.update(actor, params.id, body),
    remove: async ({ actor, params }) => {
      await service.remove(actor, params.id);
      return null;
    },
  });
};
