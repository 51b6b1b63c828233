import { type Report, type ReportDetail, type ReportPayload, reportsApi } from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '../api/client';
import type { ListFetcher } from '../ui';

export const reportsKeys = {
  all: ['reports'] as const,
  detail: (id: number) => ['reports', 'detail', id] as const,
};

/** One page of reports, for `useServerList('reports', …)`. */
export const fetchReports: ListFetcher<Report> = (query, signal) =>
  callList(reportsApi.list, { query, signal });

export function submitReport(body: ReportPayload) {
  return call(reportsApi.submit, { body });
}

export function useReport(id: number | null) {
  return useQuery({
    queryKey: reportsKeys.detail(id ?? 0),
    queryFn: () => call(reportsApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** Accept and reject: each refreshes the report, the lists and the badge. */
export function useReportDecisions(id: number) {
  const queryClient = useQueryClient();
  const settle = (report: ReportDetail) => {
    queryClient.setQueryData(reportsKeys.detail(id), report);
    return queryClient.invalidateQueries({ queryKey: reportsKeys.all });
  };
  return {
    accept: useMutation({
      mutationFn: (providerId: number | null) =>
        call(reportsApi.accept, { params: { id }, body: { providerId } }),
      onSuccess: settle,
    }),
    reject: useMutation({
      mutationFn: (reason: string) => call(reportsApi.reject, { params: { id }, body: { reason } }),
      onSuccess: settle,
    }),
  };
}
