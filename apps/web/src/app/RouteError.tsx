import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n';

/**
 * What a screen that failed to load or render shows: a French message and a reload (a new version may have
 * replaced the files this page asked for). The error itself goes to the console, never to the page.
 */
export function RouteError() {
  const { t } = useTranslation();
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

interface BoundaryProps {
  /** Changes at each navigation: the failed screen is left, and what is there now renders afresh. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * Catches what fails below it (a screen's code that does not download, a render that throws) and shows
 * RouteError in its place; leaving for another address renders the new one normally.
 */
export function RouteErrorBoundary(props: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary resetKey={key}>{props.children}</Boundary>;
}
