import { isAdminRole } from '@sejour/domain';
import { useSyncExternalStore } from 'react';
import { session } from './session';

/** The current session, re-rendering on login, logout and token changes (also from other tabs). */
export function useSession() {
  const { token, data } = useSyncExternalStore(session.subscribe, session.snapshot, session.snapshot);
  return {
    token,
    user: data?.user ?? null,
    isAdmin: isAdminRole(data?.user.role),
    isLoggedIn: session.isLoggedIn(),
  };
}
