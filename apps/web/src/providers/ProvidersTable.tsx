import { Badge } from '@mantine/core';
import { hasPostalAddress, type User } from '@sejour/domain';
import { useMemo } from 'react';
import { type Column, DataTable, usePhoneFormat, useServerList } from '../ui';
import { fetchProviders } from './list-api';
import { useProvidersTexts } from './texts';

/** By name, a column always shown (the API's own default is the username, hidden by default). */
const DEFAULT_SORT = [{ id: 'lastname', desc: false }];

/** Providers, active or archived, from the server: searched, sorted, paged and exported there. */
export function ProvidersTable({ archived, label }: { archived: boolean; label: string }) {
  const { t } = useProvidersTexts();
  const list = useServerList('users', fetchProviders, {
    params: { archived },
    defaultSort: DEFAULT_SORT,
    csvFileName: t(archived ? 'list.exportArchiveName' : 'list.exportName'),
  });
  // The numbers' parser comes once the list shows a number.
  const formatPhone = usePhoneFormat(Boolean(list.tableProps.data?.some((u) => u.phone)));
  const columns = useMemo<Column<User>[]>(
    () => [
      {
        id: 'lastname',
        header: t('columns.name'),
        value: (u) => [u.lastname, u.firstname].filter(Boolean).join(' ') || u.username,
      },
      { id: 'company', header: t('columns.company'), value: (u) => u.company ?? '' },
      {
        id: 'email',
        header: t('columns.email'),
        // A long address breaks anywhere rather than pushing the last columns out of view.
        cell: (u) => <span style={{ overflowWrap: 'anywhere' }}>{u.email}</span>,
      },
      {
        id: 'phone',
        header: t('columns.phone'),
        sortable: false,
        optional: true,
        value: (u) => formatPhone(u.phone),
        // A number stays on one line.
        cell: (u) => <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(u.phone)}</span>,
      },
      {
        id: 'city',
        header: t('columns.city'),
        value: (u) => u.city ?? '',
        // Without a complete address, the provider's notices fall back on an establishment's: say so.
        cell: (u) =>
          hasPostalAddress(u) ? (
            u.city
          ) : (
            <>
              {u.city ? `${u.city} ` : null}
              {/* Read whole: the badge's label is not cut to fit a narrow column. */}
              <Badge
                color="orange"
                variant="light"
                title={t('list.noAddressHelp')}
                styles={{ label: { overflow: 'visible' } }}
              >
                {t('list.noAddress')}
              </Badge>
            </>
          ),
      },
      { id: 'username', header: t('columns.username'), optional: true, hidden: true },
      { id: 'activated', header: t('columns.activated'), type: 'boolean' },
      { id: 'createDate', header: t('columns.createDate'), type: 'date', optional: true },
    ],
    [t, formatPhone],
  );
  return (
    <DataTable
      label={label}
      columns={columns}
      {...list.tableProps}
      error={list.query.error?.message}
      searchable
      multiSort
      rowKey={(u) => u.id}
      rowLink={(u) => `/users/${u.id}`}
    />
  );
}
