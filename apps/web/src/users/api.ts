import { accountApi, type ProviderPayloadInput, providersApi, type User } from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '../api/client';
import type { ListFetcher } from '../ui';

/** Server state of the providers (hébergeurs): lists (`useServerList('users', …)`) and details share the `users` key. */
export const usersKeys = {
  all: ['users'] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

/** One page of providers, for `useServerList`. */
export const fetchProviders: ListFetcher<User> = (query, signal) =>
  callList(providersApi.list, { query, signal });

export function useProvider(id: number | null) {
  return useQuery({
    queryKey: usersKeys.detail(id ?? 0),
    queryFn: async () => call(providersApi.get, { params: { id } }),
    enabled: id !== null,
  });
}

/** Mutations of providers; each refreshes every list and the detail it touched. */
export function useProviderMutations() {
  const queryClient = useQueryClient();
  const refresh = (user?: User) => {
    if (user) queryClient.setQueryData(usersKeys.detail(user.id), user);
    return queryClient.invalidateQueries({ queryKey: usersKeys.all });
  };
  return {
    create: useMutation({
      mutationFn: (payload: ProviderPayloadInput) => call(providersApi.create, { body: payload }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, payload }: { id: number; payload: ProviderPayloadInput }) =>
        call(providersApi.update, { params: { id }, body: payload }),
      onSuccess: refresh,
    }),
    archive: useMutation({
      mutationFn: (id: number) => call(providersApi.archive, { params: { id } }),
      onSuccess: refresh,
    }),
    restore: useMutation({
      mutationFn: (id: number) => call(providersApi.restore, { params: { id } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await call(providersApi.remove, { params: { id } });
        return id;
      },
      onSuccess: (id) => {
        queryClient.removeQueries({ queryKey: usersKeys.detail(id) });
        return queryClient.invalidateQueries({ queryKey: usersKeys.all });
      },
    }),
    askActivation: useMutation({
      mutationFn: (id: number) => call(accountApi.askActivation, { params: { id } }),
    }),
  };
}
