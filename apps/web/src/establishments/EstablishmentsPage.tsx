import { Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  ESTABLISHMENT_TYPE_UNSET,
  type Establishment,
  establishmentTypeInfo,
  establishmentTypesByRank,
} from '@sejour/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AnimatedIcon, type Column, DataTable, SelectField, TextField, useServerList } from '../ui';
import { fetchEstablishments, useImageUrl } from './api';
import { useProviderSuggestions } from './providerSuggestions';
import { useEstablishmentsTexts } from './texts';

function Thumbnail({ establishment }: { establishment: Establishment }) {
  const { t } = useEstablishmentsTexts();
  const url = useImageUrl(establishment, 'thumbnail');
  if (!url) return null;
  return (
    <img
      src={url}
      alt={t('detail.imageAlt', { name: establishment.name })}
      width={48}
      height={36}
      style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
    />
  );
}

const ownerName = (e: Establishment) =>
  e.owner.company || [e.owner.firstname, e.owner.lastname].filter(Boolean).join(' ') || e.owner.username;

/** `establishments` (admins): every establishment, searched, filtered, sorted and paged by the server. */
export function EstablishmentsPage() {
  const { t } = useEstablishmentsTexts();
  const list = useServerList('establishments', fetchEstablishments, {
    filters: ['type', 'city', 'cp', 'hasNumero', 'userId', 'ceased'],
    csvFileName: t('list.exportName'),
  });
  const { filters, setFilter } = list.state;
  const providers = useProviderSuggestions(filters.userId);
  const typeSuggestions = useMemo(
    () => [
      { value: ESTABLISHMENT_TYPE_UNSET, text: t('list.typeUnset') },
      ...establishmentTypesByRank().map((value) => ({ value, text: establishmentTypeInfo[value].label })),
    ],
    [t],
  );
  const columns = useMemo<Column<Establishment>[]>(
    () => [
      // First: the row's link is on the first column, and it needs the name as its text.
      { id: 'name', header: t('columns.name') },
      {
        id: 'image',
        header: t('columns.image'),
        sortable: false,
        csv: false,
        optional: true,
        cell: (e) => <Thumbnail establishment={e} />,
      },
      { id: 'owner', header: t('columns.owner'), value: ownerName },
      {
        id: 'type',
        header: t('columns.type'),
        value: (e) => (e.type ? establishmentTypeInfo[e.type].label : t('list.typeUnset')),
      },
      { id: 'city', header: t('columns.city'), value: (e) => e.city ?? '' },
      { id: 'cp', header: t('columns.cp'), value: (e) => e.cp ?? '', optional: true },
      { id: 'numero', header: t('columns.numero'), value: (e) => e.numero ?? '', optional: true },
      {
        id: 'capacityMaxPerson',
        header: t('columns.capacityMaxPerson'),
        type: 'number',
        optional: true,
        hidden: true,
        value: (e) => e.capacityMaxPerson,
      },
      { id: 'createDate', header: t('columns.createDate'), type: 'date', optional: true, hidden: true },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.subtitle')}</Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/establishments/natures" variant="default">
            {t('list.naturesToConfirm')}
          </Button>
          <Button
            component={Link}
            to="/establishments/new"
            leftSection={<AnimatedIcon name="add" size={18} />}
          >
            {t('list.create')}
          </Button>
        </Group>
      </Group>
      <DataTable
        label={t('list.title')}
        columns={columns}
        {...list.tableProps}
        searchable
        multiSort
        rowKey={(e) => e.id}
        rowLink={(e) => `/establishments/${e.id}`}
        toolbar={
          <Group gap="sm" wrap="wrap" align="flex-end">
            <SelectField
              name="userId"
              label={t('list.filterOwner')}
              suggestions={providers.suggestions}
              onSearchChange={providers.onSearchChange}
              onReached={providers.onReached}
              loading={providers.loading}
              value={filters.userId ?? null}
              onValueChange={(value) => setFilter('userId', value)}
              visibleItems={8}
            />
            <SelectField
              name="type"
              label={t('list.filterType')}
              suggestions={typeSuggestions}
              searchable={false}
              value={filters.type ?? null}
              onValueChange={(value) => setFilter('type', value)}
              visibleItems={10}
            />
            <TextField
              name="city"
              label={t('list.filterCity')}
              value={filters.city ?? ''}
              onValueChange={(value) => setFilter('city', value)}
            />
            <TextField
              name="cp"
              label={t('list.filterCp')}
              inputMode="numeric"
              maxLength={5}
              value={filters.cp ?? ''}
              onValueChange={(value) => setFilter('cp', value)}
            />
            <SelectField
              name="hasNumero"
              label={t('list.filterNumero')}
              searchable={false}
              suggestions={[
                { value: 'true', text: t('list.withNumero') },
                { value: 'false', text: t('list.withoutNumero') },
              ]}
              value={filters.hasNumero ?? null}
              onValueChange={(value) => setFilter('hasNumero', value)}
            />
            {/* Ceased establishments are archived from the list: this shows them instead. */}
            <SelectField
              name="ceased"
              label={t('list.filterActivity')}
              searchable={false}
              suggestions={[
                { value: 'false', text: t('list.active') },
                { value: 'true', text: t('list.ceased') },
              ]}
              value={filters.ceased ?? null}
              onValueChange={(value) => setFilter('ceased', value)}
            />
          </Group>
        }
      />
    </Stack>
  );
}
