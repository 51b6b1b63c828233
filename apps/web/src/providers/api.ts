import { providersApi } from '@sejour/domain';
import { createPeopleHooks } from '../api/people';

/** Server state of the providers (hébergeurs): lists (`useServerList('users', …)`) and details share the `users` key. */
const providers = createPeopleHooks('users', providersApi);

export const usersKeys = providers.keys;
export const useProvider = providers.usePerson;
/** Mutations of providers; each refreshes every list and the detail it touched. */
export const useProviderMutations = providers.usePersonMutations;
