import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { frenchDate, type Period } from '@sejour/domain';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDeclarationsTexts } from './texts';

/** A forfait declaration's heading: the way back, its state's badges, the establishment, period and deadline. */
export function ForfaitHeader(props: {
  back: string;
  establishmentName: string;
  period: Period | null;
  deadline: string | null;
  badges: ReactNode;
}) {
  const { t } = useDeclarationsTexts();
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={props.back} size="sm">
        <Group gap={4} component="span">
          <ArrowLeft size={16} aria-hidden />
          {t('detail.back')}
        </Group>
      </Anchor>
      <Group gap="sm">
        <Title order={1}>{t('forfait.title')}</Title>
        {props.badges}
      </Group>
      <Text c="dimmed">{t('detail.establishment', { name: props.establishmentName })}</Text>
      {props.period && (
        <Text fw={600} data-testid="forfait-period">
          {t('forfait.period', {
            begin: frenchDate(props.period.beginDate),
            end: frenchDate(props.period.endDate),
          })}
        </Text>
      )}
      {props.deadline && (
        <Text size="sm" c="dimmed" data-testid="forfait-deadline">
          {t('forfait.deadline', { date: frenchDate(props.deadline) })}
        </Text>
      )}
    </Stack>
  );
}
