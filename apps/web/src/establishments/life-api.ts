import {
  type CessationPayloadInput,
  type ClosurePayloadInput,
  type EstablishmentLifeView,
  establishmentLifeApi,
} from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { establishmentsKeys } from './api';

const lifeKey = (id: number) => ['establishments', 'life', id] as const;

/** An establishment's closures and cessation. */
export function useEstablishmentLife(id: number) {
  return useQuery({
    queryKey: lifeKey(id),
    queryFn: ({ signal }) => call(establishmentLifeApi.get, { params: { id }, signal }),
  });
}

/**
 * Closures and cessation change which months are due: the year view, the lists and Home read them again. The
 * answer is the new life, kept as is.
 */
export function useLifeMutations(id: number) {
  const queryClient = useQueryClient();
  const changed = (life: EstablishmentLifeView) => {
    queryClient.setQueryData(lifeKey(id), life);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ['declarations'] }),
      queryClient.invalidateQueries({ queryKey: ['home'] }),
      queryClient.invalidateQueries({
        queryKey: establishmentsKeys.all,
        predicate: (q) => q.queryKey[1] !== 'life',
      }),
    ]);
  };
  return {
    addClosure: useMutation({
      mutationFn: (body: ClosurePayloadInput) =>
        call(establishmentLifeApi.addClosure, { params: { id }, body }),
      onSuccess: changed,
    }),
    removeClosure: useMutation({
      mutationFn: (closureId: number) =>
        call(establishmentLifeApi.removeClosure, { params: { id, closureId } }),
      onSuccess: changed,
    }),
    cease: useMutation({
      mutationFn: (body: CessationPayloadInput) => call(establishmentLifeApi.cease, { params: { id }, body }),
      onSuccess: changed,
    }),
    reopen: useMutation({
      mutationFn: () => call(establishmentLifeApi.reopen, { params: { id } }),
      onSuccess: changed,
    }),
  };
}
