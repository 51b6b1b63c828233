import { Badge } from '@mantine/core';
import type { ReportStatus } from '@sejour/domain';
import { useReportsTexts } from './texts';

const COLORS: Record<ReportStatus, string> = { new: 'blue', accepted: 'green', rejected: 'gray' };

export function StatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useReportsTexts();
  return (
    <Badge variant="light" color={COLORS[status]}>
      {t(`status.${status}`)}
    </Badge>
  );
}
