import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';

export function HomePage() {
  const { t } = useTranslation('home');
  const { user } = useSession();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('greeting', { username: user?.username ?? '' })}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      <Paper component="section" withBorder p="md" aria-labelledby="messages-title">
        <Title order={2} size="h3" id="messages-title" mb="sm">
          {t('messages.title')}
        </Title>
        <Text c="dimmed">{t('messages.empty')}</Text>
      </Paper>
    </Stack>
  );
}
