import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { User } from '@sejour/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useSession } from '../session/useSession';
import { AnimatedIcon, type Column, DataTable, useServerList } from '../ui';
import { fetchAdmins } from './api';
import { useAdminsTexts } from './texts';

/** `/admins`: every admin reads the list; only a superadmin may add one. */
export function AdminsPage() {
  const { t } = useAdminsTexts();
  const { user } = useSession();
  const list = useServerList('admins', fetchAdmins, { csvFileName: t('list.exportName') });
  const columns = useMemo<Column<User>[]>(
    () => [
      { id: 'username', header: t('columns.username') },
      {
        id: 'lastname',
        header: t('columns.name'),
        value: (u) => [u.lastname, u.firstname].filter(Boolean).join(' '),
      },
      { id: 'email', header: t('columns.email') },
      {
        id: 'role',
        header: t('columns.role'),
        value: (u) => t(`roles.${u.role}`),
        cell: (u) => (
          <Badge variant="light" color={u.role === 'superadmin' ? 'grape' : 'blue'}>
            {t(`roles.${u.role}`)}
          </Badge>
        ),
      },
      { id: 'activated', header: t('columns.activated'), type: 'boolean', sortable: false },
      { id: 'createDate', header: t('columns.createDate'), type: 'date', optional: true },
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
        {user?.role === 'superadmin' && (
          <Button component={Link} to="/admins/new" leftSection={<AnimatedIcon name="add" size={18} />}>
            {t('list.create')}
          </Button>
        )}
      </Group>
      <DataTable
        label={t('list.title')}
        columns={columns}
        {...list.tableProps}
        error={list.query.error?.message}
        searchable
        rowKey={(u) => u.id}
        rowLink={(u) => `/admins/${u.id}`}
      />
    </Stack>
  );
}
