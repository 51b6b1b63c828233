import type { ProviderPayloadInput, User } from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';

/** Server state of the providers (hébergeurs): lists (`useServerList('users')`) and details share the `users` key. */
export const usersKeys = {
  all: ['users'] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export function useProvider(id: number | null) {
  return useQuery({
    queryKey: usersKeys.detail(id ?? 0),
    queryFn: async () => (await api.get<User>(`users/${id}`)).data,
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
      mutationFn: async (payload: ProviderPayloadInput) => (await api.post<User>('users', payload)).data,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, payload }: { id: number; payload: ProviderPayloadInput }) =>
        (await api.put<User>(`users/${id}`, payload)).data,
      onSuccess: refresh,
    }),
    archive: useMutation({
      mutationFn: async (id: number) => (await api.post<User>(`users/${id}/archive`)).data,
      onSuccess: refresh,
    }),
    restore: useMutation({
      mutationFn: async (id: number) => (await api.post<User>(`users/${id}/restore`)).data,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await api.delete<null>(`users/${id}`);
        return id;
      },
      onSuccess: (id) => {
        queryClient.removeQueries({ queryKey: usersKeys.detail(id) });
        return queryClient.invalidateQueries({ queryKey: usersKeys.all });
      },
    }),
    askActivation: useMutation({
      mutationFn: async (id: number) => (await api.post<unknown>(`users/${id}/ask-activation`)).data,
    }),
  };
}
