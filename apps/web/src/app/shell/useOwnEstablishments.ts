import { isHostRole } from '@sejour/domain';
import { ownEstablishmentsQuery, useOwnEstablishmentList } from '../../establishments/api';
import { useSession } from '../../session/useSession';
import type { FirstReadsContext } from '../../ui/feature';

/** A host's own establishments, in name order, for the side bar; admins have none there. */
export function useOwnEstablishments(): ReadonlyArray<{ id: number; name: string }> {
  const { user } = useSession();
  const list = useOwnEstablishmentList(isHostRole(user?.role));
  return list.data ?? [];
}

/** The side bar's first read, started before the shell first renders. */
export function startOwnEstablishments({ queryClient, role }: FirstReadsContext): void {
  if (isHostRole(role)) void queryClient.prefetchQuery(ownEstablishmentsQuery);
}
