import {
  auditApi,
  type Establishment,
  type EstablishmentDetail,
  type EstablishmentPayloadInput,
  establishmentsApi,
  type NatureClassificationInput,
} from '@sejour/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, callFile, callList } from '../api/client';
import { type UploadProgress, upload } from '../api/upload';
import type { ListFetcher } from '../ui';

/** Server state of establishments: lists (`useServerList('establishments', …)`), details and the side bar. */
export const establishmentsKeys = {
  all: ['establishments'] as const,
  detail: (id: number) => ['establishments', 'detail', id] as const,
  own: ['establishments', 'own'] as const,
  history: (id: number) => ['establishments', 'history', id] as const,
  naturesToConfirm: ['establishments', 'natures-to-confirm'] as const,
};

/** How many establishments the natures screen lists at once: a confirmed one leaves room for the next. */
export const NATURES_PAGE = 100;

/** The establishments whose nature an admin has to confirm (the first page, and how many in all). */
export function useNaturesToConfirm(enabled = true) {
  return useQuery({
    queryKey: establishmentsKeys.naturesToConfirm,
    queryFn: ({ signal }) =>
      callList(establishmentsApi.naturesToConfirm, { query: { limit: NATURES_PAGE }, signal }),
    enabled,
  });
}

export function useConfirmNature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: number; value: NatureClassificationInput }) =>
      call(establishmentsApi.confirmNature, { params: { id }, body: value }),
    onSuccess: (detail) => {
      queryClient.setQueryData(establishmentsKeys.detail(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: establishmentsKeys.all });
    },
  });
}

/** The establishment's history and its declarations' (newest first). */
export const fetchEstablishmentHistory =
  (id: number) => (page: { limit: number; offset: number }, signal?: AbortSignal) =>
    callList(auditApi.establishmentHistory, { params: { id }, query: page, signal });

export const fetchEstablishments: ListFetcher<Establishment> = (query, signal) =>
  callList(establishmentsApi.list, { query, signal });

export function useEstablishment(id: number | null) {
  return useQuery({
    queryKey: establishmentsKeys.detail(id ?? 0),
    queryFn: () => call(establishmentsApi.get, { params: { id } }),
    enabled: id !== null,
  });
}

/** A host's own establishments in name order (at most the API's largest page). */
export const ownEstablishmentsQuery = queryOptions({
  queryKey: establishmentsKeys.own,
  queryFn: ({ signal }) =>
    callList(establishmentsApi.list, { query: { sort: 'name:asc', limit: 500 }, signal }).then((r) => r.data),
});

export function useOwnEstablishmentList(enabled: boolean) {
  return useQuery({ ...ownEstablishmentsQuery, enabled });
}

export function useEstablishmentMutations() {
  const queryClient = useQueryClient();
  const refresh = (detail?: EstablishmentDetail) => {
    if (detail) queryClient.setQueryData(establishmentsKeys.detail(detail.id), detail);
    return queryClient.invalidateQueries({ queryKey: establishmentsKeys.all });
  };
  return {
    create: useMutation({
      mutationFn: (payload: EstablishmentPayloadInput) => call(establishmentsApi.create, { body: payload }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, payload }: { id: number; payload: EstablishmentPayloadInput }) =>
        call(establishmentsApi.update, { params: { id }, body: payload }),
      // The opening date decides which months are due: the year view reads them again.
      onSuccess: (detail) =>
        Promise.all([refresh(detail), queryClient.invalidateQueries({ queryKey: ['declarations'] })]),
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await call(establishmentsApi.remove, { params: { id } });
        return id;
      },
      onSuccess: (id) => {
        queryClient.removeQueries({ queryKey: establishmentsKeys.detail(id) });
        return queryClient.invalidateQueries({ queryKey: establishmentsKeys.all });
      },
    }),
    uploadImage: useMutation({
      mutationFn: ({
        id,
        base64,
        file,
        onProgress,
      }: {
        id: number;
        base64: string;
        file: string;
        onProgress?: (progress: UploadProgress) => void;
      }) => upload(establishmentsApi.uploadImage, { params: { id }, body: { base64, file }, onProgress }),
      onSuccess: refresh,
    }),
    removeImage: useMutation({
      mutationFn: (id: number) => call(establishmentsApi.removeImage, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

/**
 * An object URL of an establishment's image file (full or thumbnail). The file routes need the session
 * token, which an `<img src>` cannot send, so the image is fetched here and revoked when no longer shown;
 * the browser's cache answers a repeated fetch with the server's 304 (docs/decisions/0008-uploads.md).
 */
export function useImageUrl(
  establishment: Pick<Establishment, 'id' | 'image'>,
  variant: 'full' | 'thumbnail',
): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const version = establishment.image?.version ?? null;
  useEffect(() => {
    if (!version) {
      setUrl(null);
      return;
    }
    const contract = variant === 'full' ? establishmentsApi.imageFull : establishmentsApi.imageThumbnail;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    callFile(contract, { params: { id: establishment.id }, query: { v: version }, signal: controller.signal })
      .then((blob) => {
        if (!blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [establishment.id, version, variant]);
  return url;
}
