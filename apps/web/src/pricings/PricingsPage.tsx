import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatBasisPoints, formatEuros, type PricingDetail } from '@sejour/domain';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePricings } from './api';
import { periodDates } from './format';
import { PricingStateBadge } from './PricingStateBadge';
import classes from './Pricings.module.css';

/** The pricing tables, the latest period first, each with its state; a row opens its detail. */
export function PricingsPage() {
  const { t } = useTranslation('pricings');
  const pricings = usePricings();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <Button component={Link} to="/pricings/new" leftSection={<Plus size={18} aria-hidden />}>
          {t('list.new')}
        </Button>
      </Group>
      {pricings.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : pricings.isError ? (
        <Alert color="red" role="alert">
          {pricings.error.message}
        </Alert>
      ) : (
        <PricingsTable rows={pricings.data} />
      )}
    </Stack>
  );
}

function PricingsTable({ rows }: { rows: PricingDetail[] }) {
  const { t } = useTranslation('pricings');
  const navigate = useNavigate();
  if (rows.length === 0) {
    return (
      <Paper withBorder p="md">
        <Text c="dimmed">{t('list.empty')}</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder>
      <div className={classes.stack}>
        <Table
          highlightOnHover
          verticalSpacing="sm"
          className={classes.stackTable}
          aria-label={t('list.caption')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('list.columns.period')}</Table.Th>
              <Table.Th scope="col">{t('list.columns.state')}</Table.Th>
              <Table.Th scope="col" className={classes.num}>
                {t('list.columns.hotel3')}
              </Table.Th>
              <Table.Th scope="col" className={classes.num}>
                {t('list.columns.none')}
              </Table.Th>
              <Table.Th scope="col" className={classes.num}>
                {t('list.columns.done')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((pricing) => (
              <Table.Tr
                key={pricing.id}
                onClick={() => navigate(`/pricings/${pricing.id}`)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td data-primary>
                  <Anchor
                    component={Link}
                    to={`/pricings/${pricing.id}`}
                    onClick={(e) => e.stopPropagation()}
                  >
                    {t('period', periodDates(pricing))}
                  </Anchor>
                </Table.Td>
                <Table.Td data-label={t('list.columns.state')}>
                  <PricingStateBadge state={pricing.state} />
                </Table.Td>
                <Table.Td className={classes.num} data-label={t('list.columns.hotel3')}>
                  {formatEuros(pricing.rows.HOTEL_3.tariff)}
                </Table.Td>
                <Table.Td className={classes.num} data-label={t('list.columns.none')}>
                  {formatBasisPoints(pricing.rows.NONE.rate)}
                </Table.Td>
                <Table.Td className={classes.num} data-label={t('list.columns.done')}>
                  {pricing.doneDeclarations ?? 0}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Paper>
  );
}
