import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';

/** A record that does not exist (or that this user may not see, answered the same): said, with a way back. */
export function NotFoundState({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start" data-testid="not-found">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Anchor component={Link} to={backTo}>
        <Group gap={4} component="span">
          <ArrowLeft size={16} aria-hidden />
          {backLabel}
        </Group>
      </Anchor>
    </Stack>
  );
}
