import type { AdminPayloadInput, User } from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';

export const adminsKeys = {
  all: ['admins'] as const,
  detail: (id: number) => ['admins', 'detail', id] as const,
};

export function useAdmin(id: number | null) {
  return useQuery({
    queryKey: adminsKeys.detail(id ?? 0),
    queryFn: async () => (await api.get<User>(`admins/${id}`)).data,
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
      mutationFn: async (payload: AdminPayloadInput) => (await api.post<User>('admins', payload)).data,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, payload }: { id: number; payload: AdminPayloadInput }) =>
        (await api.put<User>(`admins/${id}`, payload)).data,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await api.delete<null>(`admins/${id}`);
        return id;
      },
      onSuccess: (id) => {
        queryClient.removeQueries({ queryKey: adminsKeys.detail(id) });
        return queryClient.invalidateQueries({ queryKey: adminsKeys.all });
      },
    }),
    askActivation: useMutation({
      mutationFn: async (id: number) => (await api.post<unknown>(`users/${id}/ask-activation`)).data,
    }),
  };
}
