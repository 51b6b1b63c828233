import { isAdminRole } from '@sejour/domain';
import { useOwnEstablishmentList } from '../../establishments/api';
import { useSession } from '../../session/useSession';

/** A host's own establishments, in name order, for the side bar (admins have none there). */
export function useOwnEstablishments(): ReadonlyArray<{ id: number; name: string }> {
  const { user } = useSession();
  const list = useOwnEstablishmentList(user !== null && user !== undefined && !isAdminRole(user.role));
  return list.data ?? [];
}
