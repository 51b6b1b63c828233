import {
  type LegalBoundsEntry,
  type LegalBoundsPayload,
  type PricingBody,
  type PricingDetail,
  pricingsApi,
  type YearBounds,
} from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';

/** Server state of the pricing tables: the list and each detail share the `pricings` key. */
export const pricingsKeys = {
  all: ['pricings'] as const,
  list: () => ['pricings', 'list'] as const,
  detail: (id: number) => ['pricings', 'detail', id] as const,
  bounds: () => ['pricings', 'bounds'] as const,
};

/** Every year of the legal grid, shipped and entered (decision 0107). */
export function useLegalBounds() {
  return useQuery({
    queryKey: pricingsKeys.bounds(),
    queryFn: ({ signal }) => call(pricingsApi.bounds, { signal }),
  });
}

/** The years a superadmin entered, for the pricing rules (the shipped ones are in the domain). */
export function useEnteredBounds() {
  return useQuery({
    queryKey: pricingsKeys.bounds(),
    queryFn: ({ signal }) => call(pricingsApi.bounds, { signal }),
    select: enteredOnly,
  });
}

const NONE_ENTERED: YearBounds[] = [];
function enteredOnly(entries: LegalBoundsEntry[]): YearBounds[] {
  const entered = entries.filter((entry) => !entry.shipped);
  return entered.length === 0 ? NONE_ENTERED : entered;
}

/** Enter, correct and delete a year's bounds (superadmin); each refreshes the list of years. */
export function useLegalBoundsMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: pricingsKeys.bounds() });
  return {
    create: useMutation({
      mutationFn: (body: LegalBoundsPayload) => call(pricingsApi.createBounds, { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (body: LegalBoundsPayload) =>
        call(pricingsApi.updateBounds, { params: { year: body.year }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (year: number) => call(pricingsApi.removeBounds, { params: { year } }),
      onSuccess: refresh,
    }),
  };
}

/** Every pricing, the latest period first, each with its state (a handful: one a year). */
export function usePricings() {
  return useQuery({
    queryKey: pricingsKeys.list(),
    queryFn: ({ signal }) => call(pricingsApi.list, { signal }),
  });
}

export function usePricing(id: number | null) {
  return useQuery({
    queryKey: pricingsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(pricingsApi.get, { params: { id }, signal }),
    enabled: id !== null,
  });
}

/** Create, replace and delete; each refreshes the list and the detail it touched. */
export function usePricingMutations() {
  const queryClient = useQueryClient();
  const refresh = (pricing?: PricingDetail) => {
    if (pricing) queryClient.setQueryData(pricingsKeys.detail(pricing.id), pricing);
    return queryClient.invalidateQueries({ queryKey: pricingsKeys.list() });
  };
  return {
    create: useMutation({
      mutationFn: (payload: PricingBody) => call(pricingsApi.create, { body: payload }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, payload }: { id: number; payload: PricingBody }) =>
        call(pricingsApi.update, { params: { id }, body: payload }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await call(pricingsApi.remove, { params: { id } });
        return id;
      },
      onSuccess: (id) => {
        queryClient.removeQueries({ queryKey: pricingsKeys.detail(id) });
        return queryClient.invalidateQueries({ queryKey: pricingsKeys.list() });
      },
    }),
  };
}

/** The public simulator's table: the one in force today (no session needed). */
export function usePublicPricing() {
  return useQuery({
    queryKey: ['pricings', 'public'],
    queryFn: ({ signal }) => call(pricingsApi.publicInForce, { signal }),
    retry: false,
    staleTime: 60 * 60_000,
  });
}
