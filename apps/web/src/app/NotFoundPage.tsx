import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import { ThemeToggle } from '../ui/icons/ThemeToggle';

/** Whether this tab has a page to go back to (React Router numbers its own entries from 0). */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0 || window.history.length > 1;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center component="main" mih="100vh" p="md">
      <ThemeToggle pos="fixed" top="var(--mantine-spacing-sm)" right="var(--mantine-spacing-sm)" />
      <Stack align="center" gap="md">
        <Text fz={64} fw={800} c="var(--mantine-color-sejour-text)" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2" ta="center">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('notFound.text')}
        </Text>
        <Button onClick={() => (canGoBack() ? navigate(-1) : navigate('/home'))}>{t('notFound.back')}</Button>
      </Stack>
    </Center>
  );
}
