import { resumeApi } from '@sejour/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../api/client';

export const PROVIDERS_PER_PAGE = 20;

/** One page of providers of a semester's summary (totals are over every provider). */
export function useResume(year: number, semester: number, page: number) {
  return useQuery({
    queryKey: ['resume', year, semester, page],
    queryFn: ({ signal }) =>
      call(resumeApi.get, {
        query: { year, semester, limit: PROVIDERS_PER_PAGE, offset: (page - 1) * PROVIDERS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The semesters in which the signed-in host has declarations, newest first. */
export function useOwnSemesters(enabled: boolean) {
  return useQuery({
    queryKey: ['resume', 'semesters'],
    queryFn: ({ signal }) => call(resumeApi.semesters, { query: {}, signal }),
    enabled,
  });
}

/** What the collectivity collected on each beneficiary's behalf in a semester (admins only). */
export function useReversements(year: number, semester: number) {
  return useQuery({
    queryKey: ['resume', 'reversements', year, semester],
    queryFn: ({ signal }) => call(resumeApi.reversements, { query: { year, semester }, signal }),
    placeholderData: keepPreviousData,
  });
}
