import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { usePendingRequestsCount } from './api';
import { useHomeTexts } from './texts';

/** The admins' reminder of the change requests waiting for their decision, and where to decide them. */
export function PendingRequestsNotice() {
  const { t } = useHomeTexts();
  const count = usePendingRequestsCount();
  if (!count.data) return null;
  return (
    <Alert color="blue" title={t('changeRequests.title')} data-testid="pending-change-requests">
      {t('changeRequests.text', { count: count.data })}{' '}
      <Anchor component={Link} to="/change-requests" c="inherit" underline="always" fw={600}>
        {t('changeRequests.link')}
      </Anchor>
    </Alert>
  );
}
