import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type Dashboard,
  type DashboardPoint,
  type EstablishmentType,
  establishmentTypeLabel,
  formatEuros,
  formatInteger,
  type Month,
  monthName,
  monthShortName,
} from '@sejour/domain';
import { fromHundredths } from '../ui/hundredths';
import { useHomeTexts } from './texts';

/** The dashboard's three charts, each followed by the same figures as a table (for screen readers and print). */
export function DashboardCharts({ data }: { data: Dashboard }) {
  const { t } = useHomeTexts();
  const monthLabel = (key: string) => {
    const [year, month] = key.split('-').map(Number);
    return `${monthShortName((month ?? 1) as Month)} ${String(year).slice(2)}`;
  };
  const monthFull = (key: string) => {
    const [year, month] = key.split('-').map(Number);
    return `${monthName((month ?? 1) as Month)} ${year}`;
  };
  const typeLabel = (key: string) =>
    key ? establishmentTypeLabel(key as EstablishmentType) : t('dashboard.unset');
  const communeLabel = (key: string) =>
    key === '…' ? t('dashboard.others') : key === '' ? t('dashboard.unset') : key;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('dashboard.note')}
      </Text>
      <ChartCard
        id="chart-month"
        title={t('dashboard.byMonth')}
        column={t('dashboard.month')}
        points={data.byMonth}
        short={monthLabel}
        full={monthFull}
      />
      <ChartCard
        id="chart-type"
        title={t('dashboard.byType')}
        column={t('dashboard.type')}
        points={data.byType}
        short={typeLabel}
        full={typeLabel}
      />
      <ChartCard
        id="chart-commune"
        title={t('dashboard.byCommune')}
        column={t('dashboard.commune')}
        points={data.byCommune}
        short={communeLabel}
        full={communeLabel}
      />
    </Stack>
  );
}

function ChartCard(props: {
  id: string;
  title: string;
  column: string;
  points: DashboardPoint[];
  short: (key: string) => string;
  full: (key: string) => string;
}) {
  const { t } = useHomeTexts();
  const rows = props.points.map((p) => ({
    label: props.short(p.key),
    nights: p.nights,
    tax: fromHundredths(p.tax),
  }));
  const empty = props.points.every((p) => p.nights === 0 && p.tax === 0);
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={props.id}>
      <Title order={3} size="h4" id={props.id} mb="sm">
        {props.title}
      </Title>
      {empty ? (
        <Text c="dimmed">{t('dashboard.empty')}</Text>
      ) : (
        <>
          {/* The table below says the same: the drawing itself is hidden from screen readers. */}
          <div aria-hidden="true">
            <BarChart
              h={260}
              data={rows}
              dataKey="label"
              withLegend
              withRightYAxis
              legendProps={{ verticalAlign: 'bottom' }}
              valueFormatter={(value) => formatInteger(Math.round(value))}
              series={[
                { name: 'nights', label: t('dashboard.nights'), color: 'blue.8' },
                { name: 'tax', label: t('dashboard.tax'), color: 'orange.8', yAxisId: 'right' },
              ]}
              xAxisProps={{ interval: 'preserveStartEnd' }}
              // As wide as their longest figure: a territory's nights reach hundreds of thousands a month.
              yAxisProps={{ width: 'auto' }}
              rightYAxisProps={{ width: 'auto' }}
              barChartProps={{
                // Keyboard focus would land in a drawing hidden from screen readers: the table is the way in.
                accessibilityLayer: false,
                // Room for the kit's 10 px shift of each axis' labels, and for the top figure's upper half.
                margin: { top: 10, left: 10, right: 10 },
              }}
            />
          </div>
          <details>
            <summary>{t('dashboard.showTable')}</summary>
            <Table.ScrollContainer minWidth={320}>
              <Table striped withTableBorder>
                <Table.Caption>{props.title}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{props.column}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('dashboard.nights')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('dashboard.taxColumn')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {props.points.map((p) => (
                    <Table.Tr key={p.key}>
                      <Table.Th scope="row" fw={400}>
                        {props.full(p.key)}
                      </Table.Th>
                      <Table.Td ta="right">{formatInteger(p.nights)}</Table.Td>
                      <Table.Td ta="right">{formatEuros(p.tax)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </details>
        </>
      )}
    </Paper>
  );
}
