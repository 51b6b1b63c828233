import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * What a screen that failed to load or render shows: a French message and a reload (a new version may have
 * replaced the files this page asked for). The error itself goes to the console, never to the page.
 */
export function RouteError() {
  const { t } = useTranslation();
  console.error(useRouteError());
  return (
    <Center component="main" mih="60vh" p="md">
      <Stack align="center" gap="md" maw={480}>
        <Title order={1} size="h2">
          {t('routeError.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('routeError.text')}
        </Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Center>
  );
}
