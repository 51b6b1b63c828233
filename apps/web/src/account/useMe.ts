import { authApi } from '@sejour/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';

export const meQueryKey = ['users', 'me'] as const;

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: () => call(authApi.me) });
}
