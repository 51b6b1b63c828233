// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/Progress.css';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@sejour/domain';
import { useTranslation } from '../../i18n';

export interface TransferProgressProps {
  /** What is being sent (the bar's accessible name). */
  label: string;
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send. */
  total: number;
}

/**
 * How much of a file has been sent: a bar with the percentage of the size. Once everything has left the
 * browser the server still checks and stores it, which the text says instead of a bar stuck at 100 %.
 */
export function TransferProgress({ label, loaded, total }: TransferProgressProps) {
  const { t } = useTranslation('ui');
  const percent = total > 0 ? Math.min(100, Math.floor((loaded * 100) / total)) : 0;
  const sent = total > 0 && loaded >= total;
  return (
    <Stack gap={4} data-testid="transfer-progress">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate>
          {label}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {sent ? t('progress.processing') : t('progress.sent', { percent, total: formatFileSize(total) })}
        </Text>
      </Group>
      <Progress value={percent} animated={sent} aria-label={label} transitionDuration={120} />
    </Stack>
  );
}
