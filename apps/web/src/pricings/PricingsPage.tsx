import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatBasisPoints, type PricingDetail } from '@sejour/domain';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { fromHundredths } from '../ui/hundredths';
import type { Column } from '../ui/table/columns';
import { DataTable } from '../ui/table/DataTable';
import { usePricings } from './api';
import { periodDates } from './format';
import { PricingStateBadge } from './PricingStateBadge';
import { usePricingsTexts } from './texts';

/** "du 1 janvier 2026 au 31 décembre 2026", breaking only between its two dates on a narrow screen. */
function PeriodText({ period }: { period: PricingDetail }) {
  const { t } = usePricingsTexts();
  const { begin, end } = periodDates(period);
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{t('periodFrom', { begin })}</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{t('periodTo', { end })}</span>
    </>
  );
}

/** The pricing tables, the latest period first, each with its state; a row opens its detail. */
export function PricingsPage() {
  const { t } = usePricingsTexts();
  const pricings = usePricings();

  const columns = useMemo<Column<PricingDetail>[]>(
    () => [
      {
        id: 'period',
        header: t('list.columns.period'),
        // Sorted by its first day; shown and exported in words.
        value: (p) => p.beginDate,
        cell: (p) => <PeriodText period={p} />,
        csv: (p) => t('period', periodDates(p)),
      },
      {
        id: 'state',
        header: t('list.columns.state'),
        value: (p) => t(`state.${p.state}`),
        cell: (p) => <PricingStateBadge state={p.state} />,
      },
      {
        id: 'hotel3',
        header: t('list.columns.hotel3'),
        type: 'money',
        value: (p) => p.rows.HOTEL_3.tariff,
        optional: true,
      },
      {
        id: 'none',
        header: t('list.columns.none'),
        type: 'number',
        value: (p) => fromHundredths(p.rows.NONE.rate),
        cell: (p) => formatBasisPoints(p.rows.NONE.rate),
        optional: true,
      },
      {
        id: 'doneDeclarations',
        header: t('list.columns.done'),
        type: 'number',
        value: (p) => p.doneDeclarations ?? 0,
        optional: true,
      },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to="/pricings/limites" variant="default">
            {t('legal.title')}
          </Button>
          <Button component={Link} to="/pricings/new" leftSection={<Plus size={18} aria-hidden />}>
            {t('list.new')}
          </Button>
        </Group>
      </Group>
      {pricings.isError ? (
        <Alert color="red" role="alert">
          {pricings.error.message}
        </Alert>
      ) : (
        <DataTable
          label={t('list.caption')}
          columns={columns}
          data={pricings.data}
          loading={pricings.isPending}
          rowKey={(p) => p.id}
          rowLink={(p) => `/pricings/${p.id}`}
          emptyText={t('list.empty')}
          csv={{ fileName: 'tarifs' }}
        />
      )}
    </Stack>
  );
}
