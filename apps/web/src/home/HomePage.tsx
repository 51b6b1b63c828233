import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '../session/useSession';
import { Dashboard } from './Dashboard';
import { HostTodo } from './HostTodo';
import { MessagesSection } from './MessagesSection';
import { useHomeTexts } from './texts';

/** Home: what each person has to do next — the host's months to declare, the admins' figures — and the messages. */
export function HomePage() {
  const { t } = useHomeTexts();
  const { user, isAdmin } = useSession();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('greeting', { username: user?.username ?? '' })}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      {user && !isAdmin && <HostTodo />}
      <MessagesSection admin={isAdmin} />
      {isAdmin && <Dashboard />}
    </Stack>
  );
}
