import { z } from 'zod';
import { booleanParam, pageParams, sortParam } from '../lists/query';

export const PROVIDER_SORT_FIELDS = [
  'username',
  'lastname',
  'company',
  'email',
  'city',
  'activated',
  'createDate',
] as const;

/** `GET users`: providers, archived or not, searchable, sortable, paged. */
export const providerListQuerySchema = z.object({
  ...pageParams,
  archived: booleanParam,
  sort: sortParam(PROVIDER_SORT_FIELDS),
});
export type ProviderListQuery = z.output<typeof providerListQuerySchema>;
