import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  componentInfo,
  deFr,
  EXEMPTION_REASON_LABELS,
  EXEMPTION_REASONS,
  formatEuros,
  formatInteger,
  type Month,
  monthName,
  monthOf,
  shownComponents,
} from '@sejour/domain';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../ui';
import { useDashboard } from './api';
import { useHomeTexts } from './texts';

/** The charts weigh far more than the rest of Home: loaded only when an admin's figures are shown. */
const DashboardCharts = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.DashboardCharts })));

/** The admins' Home: four counts, then the last twelve months in charts (each with its table). */
export function Dashboard() {
  const { t } = useHomeTexts();
  const dashboard = useDashboard();
  if (dashboard.isError) return <Text c="red">{t('loadError')}</Text>;
  if (!dashboard.data) return <PageLoader />;
  const { counts } = dashboard.data;
  const today = monthOf(new Date());
  const last =
    today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
  const lastLabel = `${monthName(last.month as Month)} ${last.year}`;
  const tiles = [
    { key: 'providers', label: t('dashboard.counts.providers'), value: counts.providers },
    { key: 'establishments', label: t('dashboard.counts.establishments'), value: counts.establishments },
    { key: 'done', label: t('dashboard.counts.doneThisMonth'), value: counts.doneThisMonth },
    {
      key: 'missing',
      label: t('dashboard.counts.missingLastMonth', { ofMonth: deFr(lastLabel) }),
      value: counts.missingLastMonth,
    },
  ];
  return (
    <Stack component="section" gap="md" aria-labelledby="dashboard-title">
      <Title order={2} size="h3" id="dashboard-title">
        {t('dashboard.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0}>
        {tiles.map((tile) => (
          <Paper key={tile.key} withBorder p="sm">
            <Text component="dt" size="sm" c="dimmed">
              {tile.label}
            </Text>
            <Text component="dd" m={0} fz={28} fw={700}>
              {formatInteger(tile.value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="sm">
        <Text size="sm" c="dimmed" id="dashboard-components">
          {t('dashboard.components')}
        </Text>
        <Group component="dl" gap="xl" m={0} aria-labelledby="dashboard-components">
          {shownComponents(dashboard.data.byComponent).map((kind) => (
            <div key={kind}>
              <Text component="dt" size="sm">
                {componentInfo[kind].label}
              </Text>
              <Text component="dd" m={0} fw={700}>
                {formatEuros(dashboard.data.byComponent[kind])}
              </Text>
            </div>
          ))}
        </Group>
      </Paper>
      <Paper withBorder p="sm">
        <Text size="sm" c="dimmed" id="dashboard-exempted">
          {t('dashboard.exempted')}
        </Text>
        <Group component="dl" gap="xl" m={0} aria-labelledby="dashboard-exempted">
          {[
            ...EXEMPTION_REASONS.map((reason) => ({
              key: reason,
              label: EXEMPTION_REASON_LABELS[reason],
              nights: dashboard.data.exempted.byReason[reason],
            })),
            {
              key: 'none',
              label: t('dashboard.withoutReason'),
              nights: dashboard.data.exempted.withoutReason,
            },
          ]
            .filter((entry) => entry.key !== 'none' || entry.nights > 0)
            .map((entry) => (
              <div key={entry.key}>
                <Text component="dt" size="sm">
                  {entry.label}
                </Text>
                <Text component="dd" m={0} fw={700}>
                  {formatInteger(entry.nights)}
                </Text>
              </div>
            ))}
        </Group>
      </Paper>
      <Anchor component={Link} to="/declarations?vue=missing" size="sm">
        {t('dashboard.toMissing')}
      </Anchor>
      <Suspense fallback={<PageLoader />}>
        <DashboardCharts data={dashboard.data} />
      </Suspense>
    </Stack>
  );
}
