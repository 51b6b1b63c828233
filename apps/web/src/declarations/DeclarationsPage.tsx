import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type Declaration,
  type DeclarationTotals,
  declarationsApi,
  ESTABLISHMENT_TYPES,
  establishmentTypeInfo,
  formatEuros,
  formatInteger,
  frenchDate,
  isAdminRole,
  type MissingDeclaration,
  MONTHS,
  type Month,
  monthName,
} from '@sejour/domain';
import { memo, useMemo, useState } from 'react';
import { download } from '../api/client';
import {
  type Column,
  DataTable,
  type ListQuery,
  listQueryOf,
  prefetchServerList,
  SelectField,
  type TableStateOptions,
  Tabs,
  toast,
  useServerList,
} from '../ui';
import type { FirstReadsContext } from '../ui/feature';
import { declarationTotalsQuery, fetchDeclarations, fetchMissing, useDeclarationTotals } from './api';
import { EstablishmentPicker, ProviderPicker } from './FilterPickers';
import { useDeclarationsTexts } from './texts';

/** The tab shown, in the address. */
const TAB_PARAM = 'vue';
const FILTERS = ['year', 'semester', 'month', 'type', 'city', 'done', 'userId', 'establishmentId'] as const;
/** The list's state in the address: its filters, and the newest periods first unless another order is chosen. */
const LIST_OPTIONS = {
  filters: FILTERS,
  defaultSort: [{ id: 'period', desc: true }],
} satisfies TableStateOptions;

/**
 * Totals and the export cover exactly the listed set: every term of the list's query (the search included) but
 * its order and page.
 */
function listedSetOf(query: ListQuery) {
  const { sort: _sort, limit: _limit, offset: _offset, ...listedSet } = query;
  return listedSet;
}

function yearChoices(): { value: string; text: string }[] {
  const current = new Date().getFullYear();
  return Array.from({ length: 6 }, (_, i) => String(current - i)).map((y) => ({ value: y, text: y }));
}

/** `/declarations` (admins): every declaration, filtered, sorted and paged by the server; the month gaps. */
export function DeclarationsPage() {
  const { t } = useDeclarationsTexts();
  return (
    <Stack gap="md">
      <Title order={1}>{t('list.title')}</Title>
      <Tabs
        urlParam={TAB_PARAM}
        aria-label={t('list.title')}
        items={[
          { value: 'declarations', label: t('list.tabs.declarations'), content: <DeclarationsList /> },
          { value: 'missing', label: t('list.tabs.missing'), content: <MissingList /> },
        ]}
      />
    </Stack>
  );
}

/**
 * The list as the address shows it (its page, its count, its totals), started before the screen first renders;
 * the month gaps' tab reads nothing first.
 */
DeclarationsPage.firstReads = ({ queryClient, search, role }: FirstReadsContext) => {
  // A host sent here is turned away before anything is read.
  if (!isAdminRole(role) || search.get(TAB_PARAM) === 'missing') return;
  prefetchServerList(queryClient, 'declarations', fetchDeclarations, LIST_OPTIONS, search);
  void queryClient.prefetchQuery(declarationTotalsQuery(listedSetOf(listQueryOf(search, LIST_OPTIONS))));
};

const MISSING_FILTERS = ['year', 'semester', 'month', 'type', 'city', 'userId'] as const;

/**
 * Memoised: the list renders again as each of its reads lands (the page, the count), and its eight pickers
 * (about 250 components) need not follow when the filters have not changed.
 */
const Filters = memo(function Filters(props: {
  filters: Record<string, string>;
  set: (name: string, value: string | null) => void;
  only?: readonly string[];
}) {
  const { t } = useDeclarationsTexts();
  const show = (name: string) => !props.only || props.only.includes(name);
  const select = (name: string, label: string, suggestions: { value: string; text: string }[]) =>
    show(name) && (
      <SelectField
        key={name}
        name={name}
        label={label}
        suggestions={suggestions}
        value={props.filters[name] ?? null}
        onValueChange={(value) => props.set(name, value)}
      />
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      {select('year', t('list.filters.year'), yearChoices())}
      {select('semester', t('list.filters.semester'), [
        { value: '1', text: t('list.filters.firstSemester') },
        { value: '2', text: t('list.filters.secondSemester') },
      ])}
      {select(
        'month',
        t('list.filters.month'),
        MONTHS.map((m) => ({ value: String(m), text: monthName(m) })),
      )}
      {select('type', t('list.filters.type'), [
        ...ESTABLISHMENT_TYPES.map((type) => ({ value: type, text: establishmentTypeInfo[type].label })),
        { value: 'unset', text: t('list.filters.typeUnset') },
      ])}
      {select('done', t('list.filters.done'), [
        { value: 'true', text: t('list.filters.doneYes') },
        { value: 'false', text: t('list.filters.doneNo') },
      ])}
      {show('userId') && (
        <ProviderPicker
          value={props.filters.userId ?? null}
          onChange={(value) => props.set('userId', value)}
        />
      )}
      {show('establishmentId') && (
        <EstablishmentPicker
          value={props.filters.establishmentId ?? null}
          userId={props.filters.userId ?? null}
          onChange={(value) => props.set('establishmentId', value)}
        />
      )}
      {show('city') && (
        <SelectField
          name="city"
          label={t('list.filters.city')}
          suggestions={props.filters.city ? [props.filters.city] : []}
          freeValue
          searchable
          value={props.filters.city ?? null}
          onValueChange={(value) => props.set('city', value)}
        />
      )}
    </SimpleGrid>
  );
});

function DeclarationsList() {
  const { t } = useDeclarationsTexts();
  const list = useServerList('declarations', fetchDeclarations, {
    ...LIST_OPTIONS,
    csvFileName: t('list.exportName'),
  });
  const { filters, setFilter } = list.state;
  const listedSet = listedSetOf(list.state.query);
  const totals = useDeclarationTotals(listedSet);
  const [exporting, setExporting] = useState(false);
  const columns = useMemo<Column<Declaration>[]>(
    () => [
      {
        id: 'period',
        header: t('list.columns.period'),
        value: (d) => `${d.year}-${String(d.month).padStart(2, '0')}`,
        cell: (d) =>
          d.forfait
            ? t('list.forfaitPeriod', {
                begin: frenchDate(d.forfait.periodStart),
                end: frenchDate(d.forfait.periodEnd),
              })
            : `${monthName(d.month as Month)} ${d.year}`,
      },
      { id: 'establishment', header: t('list.columns.establishment'), value: (d) => d.establishmentName },
      { id: 'provider', header: t('list.columns.provider'), value: (d) => d.providerName },
      {
        id: 'type',
        header: t('list.columns.type'),
        optional: true,
        value: (d) => (d.type ? establishmentTypeInfo[d.type].label : ''),
      },
      { id: 'nightsCount', header: t('list.columns.nightsCount'), type: 'number' },
      {
        id: 'taxableNights',
        header: t('list.columns.taxableNights'),
        type: 'number',
        sortable: false,
        optional: true,
      },
      {
        id: 'platformNightsCount',
        header: t('list.columns.platformNightsCount'),
        type: 'number',
        sortable: false,
        optional: true,
      },
      { id: 'totalAmount', header: t('list.columns.totalAmount'), type: 'money' },
      { id: 'done', header: t('list.columns.done'), type: 'boolean' },
    ],
    [t],
  );
  const exportAll = async () => {
    setExporting(true);
    try {
      await download(declarationsApi.exportCsv, { query: listedSet, fallbackName: 'declarations.csv' });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="md">
      <Filters filters={filters} set={setFilter} />
      <Totals totals={totals.data} />
      <Group justify="flex-end">
        <Button variant="default" onClick={exportAll} loading={exporting}>
          {t('list.exportAll')}
        </Button>
      </Group>
      <DataTable
        label={t('list.label')}
        columns={columns}
        {...list.tableProps}
        // The server exports the whole filtered set (the button above), not the pages fetched here.
        csv={false}
        error={list.query.error?.message}
        searchable
        multiSort
        rowKey={(d) => d.id}
        rowLink={(d) => `/declarations/${d.id}`}
      />
    </Stack>
  );
}

function Totals(props: { totals: DeclarationTotals | undefined }) {
  const { t } = useDeclarationsTexts();
  const totals = props.totals;
  // The labels are there before the sums arrive (a non-breaking space holds each value's line): the box keeps
  // its height, and the table below does not move when they come.
  const value = (format: (totals: DeclarationTotals) => string) => (totals ? format(totals) : '\u00a0');
  const items: [string, string][] = [
    [t('list.totals.count'), value((sums) => formatInteger(sums.count))],
    [t('list.totals.nights'), value((sums) => formatInteger(sums.nightsCount))],
    [t('list.totals.taxable'), value((sums) => formatInteger(sums.taxableNights))],
    [t('list.totals.platform'), value((sums) => formatInteger(sums.platformNightsCount))],
    [t('list.totals.cc'), value((sums) => formatEuros(sums.ccAmount))],
    [t('list.totals.moselle'), value((sums) => formatEuros(sums.moselleAmount))],
    [t('list.totals.total'), value((sums) => formatEuros(sums.totalAmount))],
  ];
  return (
    <Paper
      withBorder
      p="sm"
      aria-label={t('list.totals.title')}
      aria-busy={totals === undefined}
      role="region"
      data-testid="declaration-totals"
    >
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="xs">
        {items.map(([label, value]) => (
          <Stack gap={0} key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600} data-testid={`total-${label}`}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

type MissingRow = MissingDeclaration;

function MissingList() {
  const { t } = useDeclarationsTexts();
  const list = useServerList<MissingRow>('declarations-missing', fetchMissing, {
    params: { year: String(new Date().getFullYear()) },
    filters: MISSING_FILTERS,
    prefix: 'm.',
    csvFileName: 'mois-non-declares',
  });
  const year = list.state.filters.year ?? String(new Date().getFullYear());
  // The same object while the filters stay, so that the memoised pickers need not render with each read.
  const filters = useMemo(() => ({ ...list.state.filters, year }), [list.state.filters, year]);
  const columns = useMemo<Column<MissingRow>[]>(
    () => [
      { id: 'establishmentName', header: t('list.columns.establishment'), sortable: false },
      { id: 'providerName', header: t('list.columns.provider'), sortable: false },
      {
        id: 'month',
        header: t('list.columns.month'),
        sortable: false,
        value: (r) =>
          r.forfaitPeriod
            ? t('list.forfaitPeriod', {
                begin: frenchDate(r.forfaitPeriod.periodStart),
                end: frenchDate(r.forfaitPeriod.periodEnd),
              })
            : monthName(r.month as Month),
      },
    ],
    [t],
  );
  return (
    <Stack gap="md">
      <Filters filters={filters} set={list.state.setFilter} only={MISSING_FILTERS} />
      <DataTable
        label={t('list.missingTitle')}
        columns={columns}
        {...list.tableProps}
        error={list.query.error?.message}
        rowKey={(r) => `${r.establishmentId}-${r.month}-${r.forfaitPeriod ? 'forfait' : 'month'}`}
        rowLink={(r) => `/establishments/${r.establishmentId}`}
      />
    </Stack>
  );
}
