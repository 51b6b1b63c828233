import type { User } from '@sejour/domain';
import { providersApi } from '@sejour/domain';
import { callList } from '../api/client';
import type { ListFetcher } from '../ui';

/** One page of providers, for `useServerList('users', …)`: apart from `api.ts`, whose write hooks a list does not need. */
export const fetchProviders: ListFetcher<User> = (query, signal) =>
  callList(providersApi.list, { query, signal });
