import { Stack, Text, Title } from '@mantine/core';
import { isHostRole } from '@sejour/domain';
import { meQuery, useMe } from '../session/useMe';
import { useSession } from '../session/useSession';
import type { FirstReadsContext } from '../ui/feature';
import { hostHomeQuery, useHostHome } from './api';
import { AdminClassificationLapses, HostClassificationLapses } from './ClassificationLapses';
import { Dashboard } from './Dashboard';
import { HostTodo } from './HostTodo';
import { MessagesSection } from './MessagesSection';
import { NaturesToConfirmNotice } from './NaturesToConfirmNotice';
import { PendingRequestsNotice } from './PendingRequestsNotice';
import { useHomeTexts } from './texts';

/** Home: what each person has to do next — the host's months to declare, the admins' figures — and the messages. */
export function HomePage() {
  const { t } = useHomeTexts();
  const { user, isAdmin } = useSession();
  const me = useMe();
  // People are greeted by their first name; an account without one (an admin's, often) by its username.
  const name = me.data?.firstname?.trim() || user?.username || '';
  const host = Boolean(user) && !isAdmin;
  // A host's to-do grows to its months once they arrive: the messages come after it, so that nothing a person
  // is already reading moves down the screen.
  const todo = useHostHome(host);
  const todoSettled = !host || todo.data !== undefined || todo.isError;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('greeting', { name })}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      {host && <HostClassificationLapses />}
      {host && <HostTodo />}
      {isAdmin && <PendingRequestsNotice />}
      {isAdmin && <NaturesToConfirmNotice />}
      {isAdmin && <AdminClassificationLapses />}
      {todoSettled && <MessagesSection admin={isAdmin} />}
      {isAdmin && <Dashboard />}
    </Stack>
  );
}

/** The greeting's account and a host's to-do, started before Home first renders. */
HomePage.firstReads = ({ queryClient, role }: FirstReadsContext) => {
  void queryClient.prefetchQuery(meQuery);
  if (isHostRole(role)) void queryClient.prefetchQuery(hostHomeQuery);
};
