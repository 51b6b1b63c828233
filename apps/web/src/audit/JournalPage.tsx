import { Anchor, Box, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditEntry,
  auditActionLabels,
  auditApi,
  auditChangeEntries,
  auditChangeText,
  auditEntityLabels,
} from '@sejour/domain';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { download } from '../api/client';
import { AuditChanges, type Column, DataTable, SelectField, TextField, toast, useServerList } from '../ui';
import { fetchJournal } from './api';
import { useAuditTexts } from './texts';

const FILTERS = ['actor', 'entity', 'action', 'from', 'to'] as const;

/** The screen of an entity that still has one (a deleted entity keeps its name in the entry only). */
function entityLink(entry: AuditEntry): string | null {
  if (entry.entityRef === null || entry.action === 'delete') return null;
  switch (entry.entity) {
    case 'establishment':
      return `/establishments/${entry.entityRef}`;
    case 'declaration':
      return `/declarations/${entry.entityRef}`;
    case 'provider':
      return `/users/${entry.entityRef}`;
    case 'admin':
      return `/admins/${entry.entityRef}`;
    case 'pricing':
      return `/pricings/${entry.entityRef}`;
    default:
      return null;
  }
}

/** `/journal` (admins): the audit log, filtered and paged by the server, exported whole as CSV. */
export function JournalPage() {
  const { t } = useAuditTexts();
  const list = useServerList('journal', fetchJournal, { filters: FILTERS, csvFileName: 'journal' });
  const { filters, setFilter } = list.state;
  const { sort: _sort, limit: _limit, offset: _offset, ...listedSet } = list.state.query;
  const [exporting, setExporting] = useState(false);
  const columns = useMemo<Column<AuditEntry>[]>(
    () => [
      { id: 'at', header: t('columns.at'), type: 'datetime', sortable: false },
      {
        id: 'actor',
        header: t('columns.actor'),
        sortable: false,
        value: (e) => e.actorName ?? t('nobody'),
      },
      { id: 'ip', header: t('columns.ip'), sortable: false, optional: true, value: (e) => e.ip ?? '' },
      {
        id: 'action',
        header: t('columns.action'),
        sortable: false,
        value: (e) => auditActionLabels[e.action],
      },
      {
        id: 'entity',
        header: t('columns.entity'),
        sortable: false,
        value: (e) => `${auditEntityLabels[e.entity]} ${e.entityLabel ?? ''}`.trim(),
        cell: (e) => {
          const to = entityLink(e);
          const label = e.entityLabel ?? (e.entityRef === null ? '' : `n° ${e.entityRef}`);
          return (
            <Stack gap={0} miw={150}>
              <Text size="xs" c="dimmed">
                {auditEntityLabels[e.entity]}
              </Text>
              {to ? (
                <Anchor component={Link} to={to} size="sm">
                  {label}
                </Anchor>
              ) : (
                <Text size="sm">{label}</Text>
              )}
            </Stack>
          );
        },
      },
      {
        id: 'changes',
        header: t('columns.changes'),
        sortable: false,
        value: (e) =>
          auditChangeEntries(e.changes)
            .map(([field, change]) => auditChangeText(field, change, e.action))
            .join(' ; '),
        // Wide enough that a change stays on a line or two, even on a phone (the table scrolls sideways).
        cell: (e) => (
          <Box miw={300}>
            <AuditChanges changes={e.changes} action={e.action} />
          </Box>
        ),
      },
    ],
    [t],
  );
  const exportAll = async () => {
    setExporting(true);
    try {
      await download(auditApi.exportCsv, { query: listedSet, fallbackName: 'journal.csv' });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };
  const select = (name: 'entity' | 'action', choices: { value: string; text: string }[]) => (
    <SelectField
      name={name}
      label={t(`filters.${name}`)}
      suggestions={choices}
      searchable={false}
      value={filters[name] ?? null}
      onValueChange={(value) => setFilter(name, value)}
      visibleItems={10}
    />
  );
  const date = (name: 'from' | 'to') => (
    <TextInput
      type="date"
      w={160}
      name={name}
      label={t(`filters.${name}`)}
      value={filters[name] ?? ''}
      onChange={(event) => setFilter(name, event.currentTarget.value || null)}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <Button variant="default" onClick={exportAll} loading={exporting}>
          {t('exportAll')}
        </Button>
      </Group>
      <DataTable
        label={t('label')}
        columns={columns}
        {...list.tableProps}
        // The server exports the whole filtered journal (the button above), not the pages fetched here.
        csv={false}
        error={list.query.error?.message}
        rowKey={(e) => e.id}
        toolbar={
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextField
              name="actor"
              label={t('filters.actor')}
              placeholder={t('filters.actorHelp')}
              value={filters.actor ?? ''}
              onValueChange={(value) => setFilter('actor', value)}
            />
            {select(
              'entity',
              AUDIT_ENTITIES.map((value) => ({ value, text: auditEntityLabels[value] })),
            )}
            {select(
              'action',
              AUDIT_ACTIONS.map((value) => ({ value, text: auditActionLabels[value] })),
            )}
            {date('from')}
            {date('to')}
          </Group>
        }
      />
    </Stack>
  );
}
