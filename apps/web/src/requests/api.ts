import { type ChangeRequestStatus, changeRequestsApi } from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '../api/client';

export const requestsKeys = {
  all: ['change-requests'] as const,
  list: (query: { status?: ChangeRequestStatus }) => ['change-requests', 'list', query] as const,
};

/** Pending first, then the newest. */
export function useChangeRequests(query: { status?: ChangeRequestStatus }) {
  return useQuery({
    queryKey: requestsKeys.list(query),
    queryFn: ({ signal }) => callList(changeRequestsApi.list, { query: { limit: 100, ...query }, signal }),
  });
}

/** An admin's decisions: an accepted request may change an establishment or a provider, so all is refreshed. */
export function useDecisions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  const accept = useMutation({
    mutationFn: (id: number) => call(changeRequestsApi.accept, { params: { id } }),
    onSuccess: refresh,
  });
  const refuse = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(changeRequestsApi.refuse, { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
  return {
    onAccept: (id: number) => accept.mutateAsync(id),
    onRefuse: (id: number, reason: string) => refuse.mutateAsync({ id, reason }),
  };
}
