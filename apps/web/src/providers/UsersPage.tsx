import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AnimatedIcon } from '../ui';
import { ProvidersTable } from './ProvidersTable';
import { useProvidersTexts } from './texts';

/** `/users`: the providers (hébergeurs). */
export function UsersPage() {
  const { t } = useProvidersTexts();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.subtitle')}</Text>
        </div>
        <Button component={Link} to="/users/new" leftSection={<AnimatedIcon name="add" size={18} />}>
          {t('list.create')}
        </Button>
      </Group>
      <ProvidersTable archived={false} label={t('list.title')} />
    </Stack>
  );
}
