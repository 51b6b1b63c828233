import { isAdminRole, type Role } from '@sejour/domain';
import { ownEstablishmentsQuery, useOwnEstablishmentList } from '../../establishments/api';
import { useSession } from '../../session/useSession';
import type { FirstReadsContext } from '../../ui/feature';

/** Whether the side bar lists the person's own establishments: a host's; admins have none there. */
const listsOwn = (role: Role | undefined) => role !== undefined && !isAdminRole(role);

/** A host's own establishments, in name order, for the side bar. */
export function useOwnEstablishments(): ReadonlyArray<{ id: number; name: string }> {
  const { user } = useSession();
  const list = useOwnEstablishmentList(listsOwn(user?.role));
  return list.data ?? [];
}

/** The side bar's first read, started before the shell first renders. */
export function startOwnEstablishments({ queryClient, role }: FirstReadsContext): void {
  if (listsOwn(role)) void queryClient.prefetchQuery(ownEstablishmentsQuery);
}
