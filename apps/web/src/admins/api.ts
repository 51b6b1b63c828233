import { adminsApi } from '@sejour/domain';
import { createPeopleHooks } from '../api/people';

/** Server state of the administrators: lists (`useServerList('admins', …)`) and details share the `admins` key. */
const admins = createPeopleHooks('admins', adminsApi);

export const adminsKeys = admins.keys;
/** One page of administrators, for `useServerList`. */
export const fetchAdmins = admins.fetchList;
export const useAdmin = admins.usePerson;
export const useAdminMutations = admins.usePersonMutations;
