import {
  activationApi,
  type idParamsSchema,
  type RouteContract,
  type User,
  type userSchema,
} from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListFetcher } from '../ui';
import { call, callList } from './client';

/** A route about one person: `:id` in the path, the person in the answer (or nothing). */
type PersonRoute<Body extends z.ZodType | undefined = undefined> = RouteContract & {
  params: typeof idParamsSchema;
  body?: Body;
};

/**
 * What a group of people's endpoints must offer to get the shared hooks: providers (`providersApi`) and
 * administrators (`adminsApi`) are both people, listed, read, created, changed and deleted the same way;
 * providers are also archived and restored.
 */
export interface PeopleApi<Payload extends z.ZodType> {
  list: RouteContract & { envelope: 'list'; query: z.ZodType; response: z.ZodArray<typeof userSchema> };
  get: PersonRoute & { response: typeof userSchema };
  create: RouteContract & { params?: undefined; body: Payload; response: typeof userSchema };
  update: PersonRoute<Payload> & { body: Payload; response: typeof userSchema };
  remove: PersonRoute;
  archive?: PersonRoute & { response: typeof userSchema };
  restore?: PersonRoute & { response: typeof userSchema };
}

/**
 * The writes of a group: their body is the group's own payload (a type parameter here), which the
 * client's conditional types cannot resolve; the factory's constraint types it at the call site.
 */
type SendPayload = (
  contract: RouteContract,
  options: { params?: { id: number }; body: unknown },
) => Promise<User>;
const sendPayload = call as SendPayload;

/**
 * Server state of a group of people, built from its contracts: the list fetcher for `useServerList(key, …)`,
 * one person's query, and the mutations, each of which refreshes every list of the group and the detail it
 * touched. `key` is the group's query key, the one its lists use.
 */
export function createPeopleHooks<Payload extends z.ZodType>(key: string, api: PeopleApi<Payload>) {
  type PayloadInput = z.input<Payload>;
  const keys = {
    all: [key] as const,
    detail: (id: number) => [key, 'detail', id] as const,
  };

  const fetchList: ListFetcher<User> = (query, signal) => callList(api.list, { query, signal });

  function usePerson(id: number | null) {
    return useQuery({
      queryKey: keys.detail(id ?? 0),
      queryFn: () => call(api.get, { params: { id: id ?? 0 } }),
      enabled: id !== null,
    });
  }

  function usePersonMutations() {
    const queryClient = useQueryClient();
    const refresh = (user?: User) => {
      if (user) queryClient.setQueryData(keys.detail(user.id), user);
      return queryClient.invalidateQueries({ queryKey: keys.all });
    };
    const useAction = (contract: (PersonRoute & { response: typeof userSchema }) | undefined) =>
      useMutation({
        mutationFn: (id: number) => {
          if (!contract) throw new Error(`${key}: this group has no such action`);
          return call(contract, { params: { id } });
        },
        onSuccess: refresh,
      });
    return {
      create: useMutation({
        mutationFn: async (payload: PayloadInput) => sendPayload(api.create, { body: payload }),
        onSuccess: refresh,
      }),
      update: useMutation({
        mutationFn: async ({ id, payload }: { id: number; payload: PayloadInput }) =>
          sendPayload(api.update, { params: { id }, body: payload }),
        onSuccess: refresh,
      }),
      archive: useAction(api.archive),
      restore: useAction(api.restore),
      remove: useMutation({
        mutationFn: async (id: number) => {
          await call(api.remove, { params: { id } });
          return id;
        },
        onSuccess: (id) => {
          queryClient.removeQueries({ queryKey: keys.detail(id) });
          return queryClient.invalidateQueries({ queryKey: keys.all });
        },
      }),
      askActivation: useMutation({
        mutationFn: (id: number) => call(activationApi.askActivation, { params: { id } }),
      }),
    };
  }

  return { keys, fetchList, usePerson, usePersonMutations };
}
