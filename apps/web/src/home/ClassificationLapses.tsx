import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../ui';
import { useDashboard, useHostHome } from './api';
import { useHomeTexts } from './texts';

/** The host's notice, from 90 days before a classification of theirs lapses and until a new decision. */
export function HostClassificationLapses() {
  const { t } = useHomeTexts();
  const home = useHostHome();
  const lapsing = (home.data?.establishments ?? []).flatMap((e) =>
    e.classificationLapse ? [{ id: e.id, name: e.name, ...e.classificationLapse }] : [],
  );
  if (lapsing.length === 0) return null;
  return (
    <Alert color="orange" title={t('lapses.title')}>
      <Stack gap={4}>
        {lapsing.map((e) => (
          <Text key={e.id} size="sm">
            <Anchor component={Link} to={`/establishments/${e.id}`} c="inherit" underline="always" fw={600}>
              {e.name}
            </Anchor>{' '}
            : {t(e.lapsed ? 'lapses.hostLapsed' : 'lapses.hostLapsesOn', { date: formatDate(e.lapsesOn) })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** The admins' notice: establishments whose classification lapses within 90 days or has lapsed. */
export function AdminClassificationLapses() {
  const { t } = useHomeTexts();
  const dashboard = useDashboard();
  const lapsing = dashboard.data?.classificationLapses ?? [];
  if (lapsing.length === 0) return null;
  return (
    <Alert color="yellow" title={t('lapses.title')}>
      <Text size="sm" mb={4}>
        {t('lapses.adminIntro')}
      </Text>
      <List size="sm">
        {lapsing.map((e) => (
          <List.Item key={e.establishmentId}>
            <Anchor
              component={Link}
              to={`/establishments/${e.establishmentId}`}
              c="inherit"
              underline="always"
            >
              {e.name}
            </Anchor>{' '}
            : {t(e.lapsed ? 'lapses.adminLapsed' : 'lapses.adminLapsesOn', { date: formatDate(e.lapsesOn) })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
