import type { User } from '@sejour/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

export const meQueryKey = ['users', 'me'] as const;

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: async () => (await api.get<User>('users/me')).data });
}
