import {
  auditApi,
  type Declaration,
  type DeclarationCreateInput,
  type DeclarationListQueryInput,
  type DeclarationUpdateInput,
  declarationsApi,
  establishmentsApi,
  type ForfaitDeclarationCreateInput,
  type ForfaitDeclarationUpdateInput,
  type MissingDeclaration,
  type Month,
  pricingsApi,
} from '@sejour/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '../api/client';
import { type UploadProgress, upload } from '../api/upload';
import type { ListFetcher } from '../ui';

/** Server state of declarations: lists, details and establishments' years share the `declarations` key. */
export const declarationsKeys = {
  all: ['declarations'] as const,
  detail: (id: number) => ['declarations', 'detail', id] as const,
  year: (establishmentId: number, year: number) => ['declarations', 'year', establishmentId, year] as const,
  totals: (query: object) => ['declarations', 'totals', query] as const,
  history: (id: number) => ['declarations', 'history', id] as const,
};

/** Who changed the declaration, when and how (newest first). */
export const fetchDeclarationHistory =
  (id: number) => (page: { limit: number; offset: number }, signal?: AbortSignal) =>
    callList(auditApi.declarationHistory, { params: { id }, query: page, signal });

export const fetchDeclarations: ListFetcher<Declaration> = (query, signal) =>
  callList(declarationsApi.list, { query, signal });

export const fetchMissing: ListFetcher<MissingDeclaration> = (query, signal) =>
  callList(declarationsApi.missing, { query: { ...query, year: query.year ?? '' }, signal });

export const declarationQuery = (id: number) =>
  queryOptions({
    queryKey: declarationsKeys.detail(id),
    queryFn: () => call(declarationsApi.get, { params: { id } }),
  });

export function useDeclaration(id: number | null) {
  return useQuery({ ...declarationQuery(id ?? 0), enabled: id !== null });
}

/** The twelve months of an establishment (and what the form needs to know of it). */
export function useEstablishmentYear(establishmentId: number | null, year: number) {
  return useQuery({
    queryKey: declarationsKeys.year(establishmentId ?? 0, year),
    queryFn: () => call(declarationsApi.months, { params: { id: establishmentId ?? 0 }, query: { year } }),
    enabled: establishmentId !== null,
  });
}

/** An establishment's nature and classification: what a forfait counts its capacity in. */
export function useEstablishmentNature(establishmentId: number | null) {
  return useQuery({
    queryKey: ['establishments', 'detail', establishmentId ?? 0],
    queryFn: () => call(establishmentsApi.get, { params: { id: establishmentId ?? 0 } }),
    enabled: establishmentId !== null,
  });
}

/** The pricing that computes a month (the same table the server uses); `no_pricing_for_period` otherwise. */
export function useMonthPricing(year: number, month: number) {
  return useQuery({
    queryKey: ['pricings', 'in-force', year, month],
    queryFn: () => call(pricingsApi.inForce, { query: { year, month } }),
    retry: false,
  });
}

/** The deliberation of a month: the live computation shows every component the server will store. */
export function useMonthDeliberation(year: number, month: number) {
  return useQuery({
    queryKey: ['declarations', 'deliberation', year, month],
    queryFn: () => call(declarationsApi.deliberation, { query: { year, month } }),
    retry: false,
  });
}

/** The totals of the listed set: every term of the list's query but its order and page. */
export const declarationTotalsQuery = (query: DeclarationListQueryInput) =>
  queryOptions({
    queryKey: declarationsKeys.totals(query),
    queryFn: () => call(declarationsApi.totals, { query: query as Record<string, string | number> }),
  });

export function useDeclarationTotals(query: DeclarationListQueryInput) {
  return useQuery(declarationTotalsQuery(query));
}

/**
 * Every change refreshes the lists and the years the declaration appears in, and its history. The declaration
 * itself is the change's answer: it is stored as it is, not asked for again.
 */
export function useDeclarationMutations() {
  const queryClient = useQueryClient();
  const refresh = (declaration?: Declaration) => {
    if (!declaration) return queryClient.invalidateQueries({ queryKey: declarationsKeys.all });
    const detail = declarationsKeys.detail(declaration.id);
    queryClient.setQueryData(detail, declaration);
    return queryClient.invalidateQueries({
      queryKey: declarationsKeys.all,
      predicate: (query) => !detail.every((part, i) => query.queryKey[i] === part),
    });
  };
  return {
    create: useMutation({
      mutationFn: (body: DeclarationCreateInput) => call(declarationsApi.create, { body }),
      onSuccess: refresh,
    }),
    createForfait: useMutation({
      mutationFn: (body: ForfaitDeclarationCreateInput) => call(declarationsApi.createForfait, { body }),
      onSuccess: refresh,
    }),
    updateForfait: useMutation({
      mutationFn: ({ id, body }: { id: number; body: ForfaitDeclarationUpdateInput }) =>
        call(declarationsApi.updateForfait, { params: { id }, body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: DeclarationUpdateInput }) =>
        call(declarationsApi.update, { params: { id }, body }),
      onSuccess: refresh,
    }),
    markDone: useMutation({
      mutationFn: (id: number) => call(declarationsApi.markDone, { params: { id } }),
      onSuccess: refresh,
    }),
    reopen: useMutation({
      mutationFn: (id: number) => call(declarationsApi.reopen, { params: { id } }),
      onSuccess: refresh,
    }),
    nothingToDeclare: useMutation({
      mutationFn: (body: { establishmentId: number; year: number; month: Month }) =>
        call(declarationsApi.nothingToDeclare, { body }),
      onSuccess: refresh,
    }),
    uploadFile: useMutation({
      mutationFn: ({
        id,
        body,
        onProgress,
      }: {
        id: number;
        body: { base64: string; file: string };
        onProgress?: (progress: UploadProgress) => void;
      }) => upload(declarationsApi.uploadFile, { params: { id }, body, onProgress }),
      onSuccess: refresh,
    }),
    removeFile: useMutation({
      mutationFn: (id: number) => call(declarationsApi.removeFile, { params: { id } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await call(declarationsApi.remove, { params: { id } });
        return id;
      },
      onSuccess: (id) => {
        queryClient.removeQueries({ queryKey: declarationsKeys.detail(id) });
        return queryClient.invalidateQueries({ queryKey: declarationsKeys.all });
      },
    }),
  };
}
