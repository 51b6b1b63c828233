import { Group, Radio, Stack, Text, Title } from '@mantine/core';
import { establishmentTypeInfo, REPORT_STATUSES, type Report, type ReportStatus } from '@sejour/domain';
import { useMemo, useState } from 'react';
import { type Column, DataTable, useServerList } from '../ui';
import { fetchReports } from './api';
import { StatusBadge } from './status';
import { useReportsTexts } from './texts';

/** `/reports` (admins): the reports received through the public forms, new ones first by default. */
export function ReportsPage() {
  const { t } = useReportsTexts();
  const [status, setStatus] = useState<ReportStatus | 'all'>('new');
  const list = useServerList('reports', fetchReports, {
    csvFileName: t('list.exportName'),
    params: status === 'all' ? {} : { status },
  });
  const columns = useMemo<Column<Report>[]>(
    () => [
      { id: 'createDate', header: t('columns.createDate'), type: 'date' },
      { id: 'name', header: t('columns.name') },
      {
        id: 'lastname',
        header: t('columns.lastname'),
        value: (r) => [r.company, `${r.firstname} ${r.lastname}`].filter(Boolean).join(' – '),
      },
      { id: 'kind', header: t('columns.kind'), value: (r) => t(`kind.${r.kind}`), sortable: false },
      { id: 'city', header: t('columns.city'), value: (r) => `${r.cp} ${r.city}`, sortable: false },
      {
        id: 'type',
        header: t('columns.type'),
        value: (r) => establishmentTypeInfo[r.type].label,
        sortable: false,
        optional: true,
      },
      {
        id: 'status',
        header: t('columns.status'),
        value: (r) => t(`status.${r.status}`),
        cell: (r) => <StatusBadge status={r.status} />,
      },
    ],
    [t],
  );
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t('list.title')}</Title>
        <Text c="dimmed">{t('list.subtitle')}</Text>
      </div>
      <Radio.Group
        label={t('list.status')}
        value={status}
        onChange={(value) => setStatus(value as ReportStatus | 'all')}
      >
        <Group gap="md" mt={4}>
          {[...REPORT_STATUSES, 'all' as const].map((value) => (
            <Radio key={value} value={value} label={value === 'all' ? t('list.all') : t(`status.${value}`)} />
          ))}
        </Group>
      </Radio.Group>
      <DataTable
        label={t('list.title')}
        columns={columns}
        {...list.tableProps}
        error={list.query.error?.message}
        searchable
        rowKey={(r) => r.id}
        rowLink={(r) => `/reports/${r.id}`}
      />
    </Stack>
  );
}
