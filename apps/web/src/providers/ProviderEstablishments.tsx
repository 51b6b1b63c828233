// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/List.css';
import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { establishmentsApi } from '@sejour/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callList } from '../api/client';
import { AnimatedIcon } from '../ui';
import { useProvidersTexts } from './texts';

/**
 * A provider's establishments, by name, each a link to its screen. The key starts with `establishments`, so
 * the establishments feature's changes refresh it.
 */
export function ProviderEstablishments({ userId }: { userId: number }) {
  const { t } = useProvidersTexts();
  const list = useQuery({
    queryKey: ['establishments', 'provider', userId],
    queryFn: ({ signal }) =>
      callList(establishmentsApi.list, { query: { userId, sort: 'name:asc', limit: 500 }, signal }).then(
        (r) => r.data,
      ),
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={2} size="h3">
            {t('establishments.title')}
          </Title>
          <Button
            component={Link}
            to={`/establishments/new?userId=${userId}`}
            variant="default"
            leftSection={<AnimatedIcon name="add" size={18} />}
          >
            {t('establishments.add')}
          </Button>
        </Group>
        {list.error ? (
          <Text c="var(--mantine-color-error)">{list.error.message}</Text>
        ) : list.data && list.data.length === 0 ? (
          <Text c="dimmed">{t('establishments.none')}</Text>
        ) : (
          <List spacing={4}>
            {(list.data ?? []).map((e) => (
              <List.Item key={e.id}>
                <Anchor component={Link} to={`/establishments/${e.id}`}>
                  {e.name}
                </Anchor>
                {e.city ? <Text span c="dimmed">{` — ${e.city}`}</Text> : null}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
