import type { PricingDetail, PricingPayload } from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';

/** Server state of the pricing tables: the list and each detail share the `pricings` key. */
export const pricingsKeys = {
  all: ['pricings'] as const,
  list: () => ['pricings', 'list'] as const,
  detail: (id: number) => ['pricings', 'detail', id] as const,
};

/** Every pricing, the latest period first, each with its state (a handful: one a year). */
export function usePricings() {
  return useQuery({
    queryKey: pricingsKeys.list(),
    queryFn: async ({ signal }) => (await api.get<PricingDetail[]>('pricings', undefined, signal)).data,
  });
}

export function usePricing(id: number | null) {
  return useQuery({
    queryKey: pricingsKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<PricingDetail>(`pricings/${id}`, undefined, signal)).data,
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
      mutationFn: async (payload: PricingPayload) =>
        (await api.post<PricingDetail>('pricings', payload)).data,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, payload }: { id: number; payload: PricingPayload }) =>
        (await api.put<PricingDetail>(`pricings/${id}`, payload)).data,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await api.delete<null>(`pricings/${id}`);
        return id;
      },
      onSuccess: (id) => {
        queryClient.removeQueries({ queryKey: pricingsKeys.detail(id) });
        return queryClient.invalidateQueries({ queryKey: pricingsKeys.list() });
      },
    }),
  };
}
