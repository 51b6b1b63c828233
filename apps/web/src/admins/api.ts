import { type AdminPayloadInput, accountApi, adminsApi, type User } from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '../api/client';
import type { ListFetcher } from '../ui';

export const adminsKeys = {
  all: ['admins'] as const,
  detail: (id: number) => ['admins', 'detail', id] as const,
};

/** One page of administrators, for `useServerList`. */
export const fetchAdmins: ListFetcher<User> = (query, signal) => callList(adminsApi.list, { query, signal });

export function useAdmin(id: number | null) {
  return useQuery({
    queryKey: adminsKeys.detail(id ?? 0),
    queryFn: async () => call(adminsApi.get, { params: { id } }),
    enabled: id !== null,
  });
}

export function useAdminMutations() {
  const queryClient = useQueryClient();
  const refresh = (user?: User) => {
    if (user) queryClient.setQueryData(adminsKeys.detail(user.id), user);
    return queryClient.invalidateQueries({ queryKey: adminsKeys.all });
  };
  return {
    create: useMutation({
      mutationFn: (payload: AdminPayloadInput) => call(adminsApi.create, { body: payload }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, payload }: { id: number; payload: AdminPayloadInput }) =>
        call(adminsApi.update, { params: { id }, body: payload }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await call(adminsApi.remove, { params: { id } });
        return id;
      },
      onSuccess: (id) => {
        queryClient.removeQueries({ queryKey: adminsKeys.detail(id) });
        return queryClient.invalidateQueries({ queryKey: adminsKeys.all });
      },
    }),
    askActivation: useMutation({
      mutationFn: (id: number) => call(accountApi.askActivation, { params: { id } }),
    }),
  };
}
