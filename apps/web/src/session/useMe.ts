import { authApi } from '@sejour/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';

export const meQueryKey = ['users', 'me'] as const;

/** The signed-in person's account as the server has it (the token holds only id, username and role). */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: () => call(authApi.me) });
}
