import { Badge, VisuallyHidden } from '@mantine/core';
import { reportCountRoute } from '@sejour/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';
import { useReportsTexts } from './texts';

/**
 * The side bar's badge: how many reports wait for a decision (the entry is an admin's; refreshed every
 * minute). Loaded on demand by the side bar (the manifest's `badge`).
 */
export default function PendingReportsBadge() {
  const { t } = useReportsTexts();
  const query = useQuery({
    queryKey: ['reports', 'pending'],
    queryFn: () => call(reportCountRoute),
    refetchInterval: 60_000,
  });
  const count = query.data?.pending ?? 0;
  if (count === 0) return null;
  return (
    <>
      <Badge size="sm" circle={count < 10} color="red.9" aria-hidden>
        {count}
      </Badge>
      <VisuallyHidden>{t('list.pending', { count })}</VisuallyHidden>
    </>
  );
}
