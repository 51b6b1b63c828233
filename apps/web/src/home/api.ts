import {
  changeRequestsApi,
  establishmentsApi,
  homeApi,
  type MessagePayload,
  messagesApi,
} from '@sejour/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '../api/client';

export const homeKeys = {
  messages: ['home', 'messages'] as const,
  allMessages: ['home', 'messages', 'all'] as const,
  host: ['home', 'host'] as const,
  dashboard: ['home', 'dashboard'] as const,
  // Under the establishments' key: a confirmed nature refreshes the count as it refreshes their lists.
  naturesToConfirm: ['establishments', 'natures-to-confirm', 'count'] as const,
  // Under the change requests' key: a decision anywhere refreshes the count.
  pendingRequests: ['change-requests', 'pending', 'count'] as const,
};

/** How many establishments still have a nature to confirm (admins). */
export function useNaturesToConfirmCount(enabled = true) {
  return useQuery({
    queryKey: homeKeys.naturesToConfirm,
    queryFn: ({ signal }) =>
      callList(establishmentsApi.naturesToConfirm, { query: { limit: 1 }, signal }).then(
        (r) => r.meta.total ?? r.data.length,
      ),
    enabled,
  });
}

/** How many change requests wait for an admin's decision. */
export function usePendingRequestsCount(enabled = true) {
  return useQuery({
    queryKey: homeKeys.pendingRequests,
    queryFn: ({ signal }) =>
      callList(changeRequestsApi.list, { query: { status: 'pending', limit: 1 }, signal }).then(
        (r) => r.meta.total ?? r.data.length,
      ),
    enabled,
  });
}

/** The current messages of the caller's audience. */
export function useCurrentMessages(enabled = true) {
  return useQuery({
    queryKey: homeKeys.messages,
    queryFn: ({ signal }) => call(messagesApi.list, { signal }),
    enabled,
  });
}

/** Every message, scheduled and expired included (admins). */
export function useAllMessages(enabled = true) {
  return useQuery({
    queryKey: homeKeys.allMessages,
    queryFn: ({ signal }) => call(messagesApi.all, { signal }),
    enabled,
  });
}

export function useMessageMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: homeKeys.messages });
  return {
    create: useMutation({
      mutationFn: (body: MessagePayload) => call(messagesApi.create, { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: MessagePayload }) =>
        call(messagesApi.update, { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(messagesApi.remove, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

/** A host's to-do: the months to declare, the classifications lapsing. */
export const hostHomeQuery = queryOptions({
  queryKey: homeKeys.host,
  queryFn: ({ signal }) => call(homeApi.host, { signal }),
});

export function useHostHome(enabled = true) {
  return useQuery({ ...hostHomeQuery, enabled });
}

export function useDashboard(enabled = true) {
  return useQuery({
    queryKey: homeKeys.dashboard,
    queryFn: ({ signal }) => call(homeApi.dashboard, { signal }),
    enabled,
  });
}
