import { accountApi } from '@sejour/domain';
import { createAuthService } from '../auth/service';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createUsersRepository } from '../identity/repository';
import { createEmailChangeService } from './email-change';
import { createAccountService } from './service';

/**
 * One's own account (Mon compte): identity, contact details and password, checked and signed by the
 * session's service; a new e-mail address is confirmed through the link mailed to it.
 */
export const register: RegisterFeature = (api, { db, tokens, limiter, mailer, now, config }) => {
  const auth = createAuthService({ db, users: createUsersRepository(db), tokens, limiter });
  const emails = createEmailChangeService({
    db,
    now,
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    collectivityName: config.collectivityName,
  });
  const account = createAccountService({ db, tokens, emails });
  routes(api, accountApi, {
    updateSelf: async ({ actor, body }) => {
      const result = await account.updateSelf(actor, body);
      mailer.wake();
      return result;
    },
    changePassword: ({ actor, body, request }) => auth.changePassword(actor, body, request.ip),
    contact: ({ actor }) => account.contact(actor),
    updateContact: async ({ actor, body }) => {
      const result = await account.updateContact(actor, body);
      mailer.wake();
      return result;
    },
    confirmEmail: ({ body, request }) => emails.confirm(body.token, request.ip),
  });
};
