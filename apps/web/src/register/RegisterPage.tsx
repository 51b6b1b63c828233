import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import {
  EXEMPTION_REASON_LABELS,
  establishmentsApi,
  firstDayOfMonth,
  MONTHS,
  type Month,
  monthName,
  type RegisterStay,
  registerApi,
} from '@sejour/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { call, download } from '../api/client';
import { type Column, confirmDelete, DataTable, NotFoundState, PageLoader, toast } from '../ui';
import { useRegisterMutations, useStays } from './api';
import { useRegisterTexts } from './texts';

/** The import reads spreadsheets with parsers loaded only when a host opens it. */
const ImportPanel = lazy(() => import('./ImportPanel').then((m) => ({ default: m.ImportPanel })));
/** The stay form (the kit's form engine and its fields) comes when a stay is added or edited. */
const loadStayForm = () => import('./StayForm');
const StayForm = lazy(() => loadStayForm().then((m) => ({ default: m.StayForm })));

const positiveInt = (value: string | undefined | null) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** `establishments/{id}/register`: the stays of a month (or a year), entered, imported, exported. */
export function RegisterPage() {
  const { t } = useRegisterTexts();
  const id = positiveInt(useParams().id);
  const establishment = useQuery({
    queryKey: ['establishments', 'detail', id ?? 0],
    queryFn: () => call(establishmentsApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
  if (id === null || establishment.error) {
    return <NotFoundState backTo="/home" backLabel={t('back')} />;
  }
  if (establishment.isPending) return <PageLoader />;
  return <Register establishmentId={id} name={establishment.data.name} />;
}

function Register({ establishmentId, name }: { establishmentId: number; name: string }) {
  const { t } = useRegisterTexts();
  const [search, setSearch] = useSearchParams();
  const today = new Date();
  const year = positiveInt(search.get('year')) ?? today.getFullYear();
  const monthParam = search.get('month');
  const month: Month | null =
    monthParam === 'all' ? null : ((positiveInt(monthParam) ?? today.getMonth() + 1) as Month);
  const stays = useStays(establishmentId, year, month);
  // The month a new stay's calendar opens on: the one filtered, or of a whole year, today's month in it.
  const shownMonth = firstDayOfMonth(
    year,
    month ?? (year === today.getFullYear() ? ((today.getMonth() + 1) as Month) : 1),
  );
  const mutations = useRegisterMutations(establishmentId);
  const [editing, setEditing] = useState<RegisterStay | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const setPeriod = (next: { year?: number; month?: string }) =>
    setSearch({
      year: String(next.year ?? year),
      month: next.month ?? (month === null ? 'all' : String(month)),
    });
  const query = { year, month: month ?? undefined };
  const exportFile = (
    contract: typeof registerApi.exportCsv | typeof registerApi.exportPdf,
    fallbackName: string,
  ) =>
    download(contract, { params: { id: establishmentId }, query, fallbackName }).catch((error: Error) =>
      toast.error(error.message),
    );
  const rows = stays.data ?? [];
  const remove = async (stay: RegisterStay) => {
    if (!(await confirmDelete())) return;
    try {
      await mutations.remove.mutateAsync(stay);
      toast.success(t('toasts.deleted'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  const columns: Column<RegisterStay>[] = [
    { id: 'arrival', header: t('table.arrival'), type: 'date' },
    { id: 'departure', header: t('table.departure'), type: 'date' },
    { id: 'nights', header: t('table.nights'), type: 'number' },
    { id: 'persons', header: t('table.persons'), type: 'number' },
    { id: 'exempted', header: t('table.exempted'), type: 'number' },
    {
      id: 'exemptionReason',
      header: t('table.reason'),
      value: (stay) => (stay.exemptionReason ? EXEMPTION_REASON_LABELS[stay.exemptionReason] : ''),
    },
    { id: 'price', header: t('table.price'), type: 'money' },
    {
      id: 'platform',
      header: t('table.platform'),
      value: (stay) => t(stay.platform ? 'table.yes' : 'table.no'),
    },
    { id: 'reference', header: t('table.reference') },
    {
      id: 'actions',
      header: t('table.actions'),
      sortable: false,
      csv: false,
      keepInView: true,
      cell: (stay) =>
        stay.locked ? (
          <Badge color="gray" variant="light">
            {t('table.locked')}
          </Badge>
        ) : (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(stay)}>
              {t('actions.edit')}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(stay)}>
              {t('actions.delete')}
            </Button>
          </Group>
        ),
    },
  ];
  const personNights = rows.reduce((sum, s) => sum + s.persons * s.nights, 0);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Anchor component={Link} to={`/establishments/${establishmentId}`} size="sm">
          <Group gap={4} component="span">
            <ArrowLeft size={16} aria-hidden />
            {t('back')}
          </Group>
        </Anchor>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('subtitle', { name })}</Text>
      </Stack>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('period.year')}
          value={String(year)}
          onChange={(event) => setPeriod({ year: Number(event.currentTarget.value) })}
          data={Array.from({ length: 6 }, (_, i) => String(today.getFullYear() - 4 + i))}
        />
        <NativeSelect
          label={t('period.month')}
          value={month === null ? 'all' : String(month)}
          onChange={(event) => setPeriod({ month: event.currentTarget.value })}
          data={[
            ...MONTHS.map((m) => ({ value: String(m), label: monthName(m) })),
            { value: 'all', label: t('period.wholeYear') },
          ]}
        />
        <Button
          onPointerEnter={() => void loadStayForm()}
          onFocus={() => void loadStayForm()}
          onClick={() => {
            setImporting(false);
            setEditing('new');
          }}
        >
          {t('actions.add')}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setEditing(null);
            setImporting(true);
          }}
        >
          {t('actions.import')}
        </Button>
        <Button variant="default" onClick={() => exportFile(registerApi.exportCsv, 'registre.csv')}>
          {t('actions.exportCsv')}
        </Button>
        <Button variant="default" onClick={() => exportFile(registerApi.exportPdf, 'registre.pdf')}>
          {t('actions.exportPdf')}
        </Button>
      </Group>
      {editing !== null && (
        <Paper withBorder p="md" component="section" aria-labelledby="stay-form-title">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} size="h4" id="stay-form-title">
                {t(editing === 'new' ? 'form.titleNew' : 'form.titleEdit')}
              </Title>
              <Button variant="subtle" onClick={() => setEditing(null)}>
                {t('form.cancel')}
              </Button>
            </Group>
            <Suspense fallback={<PageLoader />}>
              <StayForm
                key={editing === 'new' ? 'new' : editing.id}
                stay={editing === 'new' ? null : editing}
                defaultMonth={shownMonth}
                onCancel={() => setEditing(null)}
                onSubmit={async (body) => {
                  if (editing === 'new') {
                    await mutations.create.mutateAsync(body);
                    toast.success(t('toasts.created'));
                  } else {
                    await mutations.update.mutateAsync({ id: editing.id, body });
                    toast.success(t('toasts.saved'));
                  }
                  setEditing(null);
                }}
              />
            </Suspense>
          </Stack>
        </Paper>
      )}
      {importing && (
        <Paper
          withBorder
          p="md"
          component="section"
          aria-labelledby="import-title"
          data-testid="import-panel"
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="import-title">
              {t('import.title')}
            </Title>
            <Suspense fallback={<PageLoader />}>
              <ImportPanel establishmentId={establishmentId} onDone={() => setImporting(false)} />
            </Suspense>
          </Stack>
        </Paper>
      )}
      {stays.error && <Alert color="red">{stays.error.message}</Alert>}
      <Paper withBorder p="md">
        {stays.isPending ? (
          <PageLoader />
        ) : rows.length === 0 ? (
          <Text c="dimmed">{t('table.empty')}</Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm" data-testid="register-count">
              {`${t('table.staysCount', { count: rows.length })}, ${t('table.nightsCount', { count: personNights })}`}
            </Text>
            <DataTable
              label={t('title')}
              columns={columns}
              data={rows}
              rowKey={(stay) => stay.id}
              pageSize={null}
              csv={false}
            />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
