import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ProvidersTable } from './ProvidersTable';

/** `/users-archive`: archived providers; their detail page restores or deletes them. */
export function UsersArchivePage() {
  const { t } = useTranslation('users');
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t('list.archiveTitle')}</Title>
        <Text c="dimmed">{t('list.archiveSubtitle')}</Text>
      </div>
      <ProvidersTable archived label={t('list.archiveTitle')} />
    </Stack>
  );
}
