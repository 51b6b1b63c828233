import { Stack, Text, Title } from '@mantine/core';
import { ProvidersTable } from './ProvidersTable';
import { useProvidersTexts } from './texts';

/** `/users-archive`: archived providers; their detail page restores or deletes them. */
export function UsersArchivePage() {
  const { t } = useProvidersTexts();
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
