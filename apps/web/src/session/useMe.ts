import { authApi } from '@sejour/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api/client';

export const meQueryKey = ['users', 'me'] as const;

/** The signed-in person's account as the server has it (the token holds only id, username and role). */
export const meQuery = queryOptions({ queryKey: meQueryKey, queryFn: () => call(authApi.me) });

export function useMe() {
  return useQuery(meQuery);
}
