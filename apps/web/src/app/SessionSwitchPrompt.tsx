import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n';
import { ThemeToggle } from '../ui/icons/ThemeToggle';

/**
 * Asked when a link carries the session of another person than the one signed in: the open session stays
 * unless the person chooses to switch.
 */
export function SessionSwitchPrompt(props: {
  current: string;
  next: string;
  onContinue: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation();
  const names = { current: props.current, next: props.next };
  return (
    <Center component="main" mih="100vh" p="md">
      <ThemeToggle pos="fixed" top="var(--mantine-spacing-sm)" right="var(--mantine-spacing-sm)" />
      <Stack align="center" gap="md" maw={560}>
        <Title order={1} size="h2" ta="center">
          {t('sessionSwitch.title')}
        </Title>
        <Text ta="center" fw={600}>
          {t('sessionSwitch.text', names)}
        </Text>
        <Text c="dimmed" ta="center">
          {t('sessionSwitch.hint')}
        </Text>
        <Group justify="center">
          <Button onClick={props.onStay} data-autofocus>
            {t('sessionSwitch.stay', names)}
          </Button>
          <Button variant="default" onClick={props.onContinue}>
            {t('sessionSwitch.continue', names)}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
