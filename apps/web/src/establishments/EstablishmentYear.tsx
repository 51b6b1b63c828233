import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  declarationsApi,
  type ForfaitPeriodSummary,
  formatEuros,
  frenchDate,
  type MonthState,
  type MonthSummary,
  monthName,
} from '@sejour/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../api/client';
import { confirmAction, formatDate, SelectField, toast } from '../ui';
import classes from './EstablishmentYear.module.css';
import { useEstablishmentsTexts } from './texts';

const STATE_COLORS: Record<MonthState, string> = {
  done: 'green',
  draft: 'blue',
  late: 'red',
  todo: 'orange',
  future: 'gray',
  outside_period: 'gray',
  not_due: 'gray',
  closed: 'gray',
  ceased: 'gray',
  forfait: 'gray',
};

/**
 * Months that open nothing: to come, au forfait (the collection periods are declared instead), closed or after
 * the cessation (a declaration there is refused).
 */
const INACTIVE_STATES: ReadonlySet<MonthState> = new Set(['future', 'forfait', 'closed', 'ceased']);

/**
 * The twelve months of a year of an establishment: each month's state (à déclarer, en retard, brouillon,
 * terminée) and total; a click opens that month's declaration, or starts it. Also the year's platform-only
 * attestation. The year is in the URL (`?annee=`), so Back returns to the same year.
 */
export function EstablishmentYear({ establishmentId }: { establishmentId: number }) {
  const { t } = useEstablishmentsTexts();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const currentYear = new Date().getFullYear();
  const year = Number(search.get('annee')) || currentYear;
  const queryClient = useQueryClient();
  const key = ['declarations', 'year', establishmentId, year];
  const months = useQuery({
    queryKey: key,
    queryFn: () => call(declarationsApi.months, { params: { id: establishmentId }, query: { year } }),
  });
  const attestation = useMutation({
    mutationFn: async (attest: boolean) => {
      if (attest)
        await call(declarationsApi.attestPlatformOnly, { params: { id: establishmentId }, body: { year } });
      else
        await call(declarationsApi.withdrawPlatformOnly, {
          params: { id: establishmentId },
          query: { year },
        });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['declarations'] }),
  });

  const open = (month: MonthSummary) => {
    if (month.declarationId) void navigate(`/declarations/${month.declarationId}`);
    else
      void navigate(`/declarations/new?establishmentId=${establishmentId}&year=${year}&month=${month.month}`);
  };
  // Next year too: a forfait is declared before its collection period starts.
  const years = Array.from({ length: 7 }, (_, i) => String(currentYear + 1 - i));
  const attested = months.data?.attestation ?? null;

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3">
            {t('year.title')}
          </Title>
          <SelectField
            name="annee"
            label={t('year.year')}
            suggestions={years}
            searchable={false}
            value={String(year)}
            onValueChange={(value) => {
              if (!value) return;
              const next = new URLSearchParams(search);
              next.set('annee', value);
              setSearch(next, { replace: true });
            }}
          />
        </Group>
        {months.error && <Text c="red">{months.error.message}</Text>}
        {months.data?.establishment.openingDate && (
          <Text size="sm" c="dimmed">
            {t('year.opening', { date: formatDate(months.data.establishment.openingDate) })}
          </Text>
        )}
        <SimpleGrid
          cols={{ base: 2, xs: 3, md: 4, lg: 6 }}
          spacing="xs"
          role="group"
          aria-label={t('year.title')}
        >
          {(months.data?.months ?? []).map((month) => (
            <UnstyledButton
              key={month.month}
              className={classes.month}
              disabled={INACTIVE_STATES.has(month.state)}
              onClick={() => open(month)}
              data-testid={`month-${month.month}`}
              aria-label={`${monthName(month.month)} ${year} : ${t(`year.states.${month.state}`)}`}
            >
              <Text fw={600} tt="capitalize">
                {monthName(month.month)}
              </Text>
              <Badge color={STATE_COLORS[month.state]} variant="light" size="sm">
                {t(`year.states.${month.state}`)}
              </Badge>
              {month.totalAmount !== null && <Text size="sm">{formatEuros(month.totalAmount)}</Text>}
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {months.data?.regime === 'FORFAIT' && (
          <ForfaitPeriods establishmentId={establishmentId} periods={months.data.forfaitPeriods} />
        )}
        {/* Platforms collect au réel only: a year au forfait has no attestation to give (one given before stays withdrawable). */}
        {(months.data?.regime !== 'FORFAIT' || attested) && (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {attested
                ? t('year.attested', { year, date: formatDate(attested.createdAt) })
                : year > currentYear
                  ? t('year.attestFuture')
                  : t('year.attestHelp')}
            </Text>
            {/* A year to come has not been let yet: the server refuses to attest it (withdrawing stays possible). */}
            {(attested || year <= currentYear) && (
              <Button
                size="xs"
                variant="default"
                loading={attestation.isPending}
                onClick={async () => {
                  const ok = await confirmAction({
                    title: attested ? t('year.withdraw') : t('year.attest', { year }),
                    text: attested ? t('year.withdrawText') : t('year.attestText', { year }),
                    confirmLabel: t('year.confirm'),
                  });
                  if (!ok) return;
                  await attestation.mutateAsync(!attested);
                  toast.success(attested ? t('year.withdrawn') : t('year.recorded'));
                }}
              >
                {attested ? t('year.withdraw') : t('year.attest', { year })}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

const FORFAIT_STATE_COLORS: Record<ForfaitPeriodSummary['state'], string> = {
  done: 'green',
  draft: 'blue',
  late: 'red',
  todo: 'orange',
};

/**
 * The collection periods an establishment au forfait declares: each with its deadline, its state (and whether
 * it was declared late), its total, and the way to its declaration.
 */
function ForfaitPeriods(props: { establishmentId: number; periods: ForfaitPeriodSummary[] }) {
  const { t } = useEstablishmentsTexts();
  const navigate = useNavigate();
  return (
    <Stack gap="xs" component="section" aria-labelledby="forfait-periods-title" data-testid="forfait-periods">
      <Title order={3} size="h4" id="forfait-periods-title">
        {t('year.forfait.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('year.forfait.intro')}
      </Text>
      {props.periods.length === 0 && <Text size="sm">{t('year.forfait.none')}</Text>}
      {props.periods.map((period) => {
        const dates = { begin: frenchDate(period.periodStart), end: frenchDate(period.periodEnd) };
        const target =
          period.declarationId !== null
            ? `/declarations/${period.declarationId}`
            : `/declarations/forfait/new?establishmentId=${props.establishmentId}&periodStart=${period.periodStart}`;
        return (
          <Paper
            key={period.periodStart}
            withBorder
            p="sm"
            className={classes.forfaitPeriod}
            data-testid={`forfait-period-${period.periodStart}`}
          >
            <Stack gap={4} className={classes.forfaitText}>
              <Text fw={600}>{t('year.forfait.period', dates)}</Text>
              <Text size="sm" c="dimmed">
                {t('year.forfait.deadline', { date: frenchDate(period.deadline) })}
              </Text>
              <Group gap="xs">
                <Badge color={FORFAIT_STATE_COLORS[period.state]} variant="light" size="sm">
                  {t(`year.states.${period.state}`)}
                </Badge>
                {period.late && period.state !== 'late' && (
                  <Badge color={period.state === 'done' ? 'orange' : 'red'} variant="light" size="sm">
                    {t(period.state === 'done' ? 'year.forfait.declaredLate' : 'year.states.late')}
                  </Badge>
                )}
                {period.totalAmount !== null && <Text size="sm">{formatEuros(period.totalAmount)}</Text>}
              </Group>
            </Stack>
            <Button
              variant={period.declarationId === null ? 'filled' : 'default'}
              onClick={() => navigate(target)}
              aria-label={t(
                period.declarationId === null ? 'year.forfait.declareLabel' : 'year.forfait.openLabel',
                dates,
              )}
            >
              {t(period.declarationId === null ? 'year.forfait.declare' : 'year.forfait.open')}
            </Button>
          </Paper>
        );
      })}
    </Stack>
  );
}
