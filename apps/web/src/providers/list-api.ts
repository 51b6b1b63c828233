import type { User } from '@sejour/domain';
import { providersReadApi } from '@sejour/domain';
import { callList } from '../api/client';
import type { ListFetcher } from '../ui';

/**
 * One page of providers, for `useServerList('users', …)`. Apart from `api.ts`, whose hooks bring the
 * providers' writes and their phone rule, which a list does not need (docs/decisions/0114).
 */
export const fetchProviders: ListFetcher<User> = (query, signal) =>
  callList(providersReadApi.list, { query, signal });
