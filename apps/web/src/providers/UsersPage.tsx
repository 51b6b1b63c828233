import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { FileUp } from 'lucide-react';
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
        <Group gap="sm">
          {/* Many at once, from a spreadsheet: the onboarding screen, reached from here rather than the side bar. */}
          <Button
            component={Link}
            to="/onboarding"
            variant="default"
            leftSection={<FileUp size={18} aria-hidden />}
          >
            {t('list.import')}
          </Button>
          <Button component={Link} to="/users/new" leftSection={<AnimatedIcon name="add" size={18} />}>
            {t('list.create')}
          </Button>
        </Group>
      </Group>
      <ProvidersTable archived={false} label={t('list.title')} />
    </Stack>
  );
}
