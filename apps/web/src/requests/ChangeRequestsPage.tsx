import { Stack, Text, Title } from '@mantine/core';
import { ChangeRequestList } from '../ui/requests/ChangeRequestList';
import { useChangeRequests, useDecisions } from './api';
import { useRequestsTexts } from './texts';

/** `change-requests` (admins, reached from Home): the pending requests to decide, then the decided ones. */
export function ChangeRequestsPage() {
  const { t } = useRequestsTexts();
  const pending = useChangeRequests({ status: 'pending' });
  const all = useChangeRequests({});
  const decisions = useDecisions();
  const decided = (all.data?.data ?? []).filter((request) => request.status !== 'pending');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      <Stack gap="sm" component="section" aria-label={t('pendingTitle')}>
        <Title order={2} size="h3">
          {t('pendingTitle')}
        </Title>
        {pending.data && pending.data.data.length === 0 ? (
          <Text c="dimmed">{t('nonePending')}</Text>
        ) : (
          <ChangeRequestList requests={pending.data?.data ?? []} showTarget {...decisions} />
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-label={t('decidedTitle')}>
        <Title order={2} size="h3">
          {t('decidedTitle')}
        </Title>
        <ChangeRequestList requests={decided} showTarget />
      </Stack>
    </Stack>
  );
}
