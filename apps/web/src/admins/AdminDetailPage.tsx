import { Alert, Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { User } from '@sejour/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { useSession } from '../session/useSession';
import { AnimatedIcon, confirmDelete, NotFoundState, SubmitButton, toast } from '../ui';
import { PageLoader } from '../ui/feedback/PageLoader';
import { AdminForm } from './AdminForm';
import { useAdmin, useAdminMutations } from './api';

/** `/admins/{id}` (and `/admins/new`): read by every admin, changed only by a superadmin. */
export function AdminDetailPage() {
  const { id } = useParams();
  const { t } = useTranslation('admins');
  const { user } = useSession();
  const isNew = id === 'new';
  const adminId = isNew || !id || !/^\d{1,9}$/.test(id) || Number(id) === 0 ? null : Number(id);
  const admin = useAdmin(adminId);
  const isSuperadmin = user?.role === 'superadmin';

  if (isNew) return isSuperadmin ? <NewAdmin /> : <Navigate to="/admins" replace />;
  if (adminId === null || (admin.error instanceof ApiError && admin.error.code === 'not_found')) {
    return <NotFoundState backTo="/admins" backLabel={t('detail.back')} />;
  }
  if (admin.isPending) return <PageLoader />;
  if (admin.error || !admin.data) {
    return (
      <Alert color="red" role="alert">
        {admin.error?.message ?? t('common:errors.unexpected')}
      </Alert>
    );
  }
  return (
    <ExistingAdmin
      key={admin.data.id}
      admin={admin.data}
      canEdit={isSuperadmin}
      isSelf={admin.data.id === user?.id}
    />
  );
}

function NewAdmin() {
  const { t } = useTranslation('admins');
  const navigate = useNavigate();
  const { create } = useAdminMutations();
  return (
    <Stack gap="md">
      <Title order={1}>{t('detail.newTitle')}</Title>
      <Paper withBorder p="md">
        <AdminForm
          readOnly={false}
          onSubmit={async (values) => {
            const admin = await create.mutateAsync(values);
            toast.success(t('toasts.created'));
            navigate(`/admins/${admin.id}`, { replace: true });
          }}
          actions={<SubmitButton>{t('actions.create')}</SubmitButton>}
        />
      </Paper>
    </Stack>
  );
}

function ExistingAdmin({ admin, canEdit, isSelf }: { admin: User; canEdit: boolean; isSelf: boolean }) {
  const { t } = useTranslation('admins');
  const navigate = useNavigate();
  const mutations = useAdminMutations();
  const name = [admin.firstname, admin.lastname].filter(Boolean).join(' ') || admin.username;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t('detail.title', { name })}</Title>
        <Badge variant="light" color={admin.role === 'superadmin' ? 'grape' : 'blue'}>
          {t(`roles.${admin.role}`)}
        </Badge>
      </Group>
      {!canEdit && <Alert color="blue">{t('detail.readOnly')}</Alert>}
      {canEdit && isSelf && <Alert color="blue">{t('detail.self')}</Alert>}
      <Paper withBorder p="md">
        <AdminForm
          user={admin}
          readOnly={!canEdit}
          onSubmit={async (values) => {
            await mutations.update.mutateAsync({ id: admin.id, payload: values });
            toast.success(t('toasts.saved'));
          }}
          actions={<SubmitButton>{t('actions.save')}</SubmitButton>}
        />
      </Paper>
      {canEdit && (
        <Group gap="sm">
          {!admin.activated && (
            <Button
              variant="default"
              leftSection={<AnimatedIcon name="letter" size={18} />}
              loading={mutations.askActivation.isPending}
              onClick={async () => {
                try {
                  await mutations.askActivation.mutateAsync(admin.id);
                  toast.success(t('toasts.activationSent'));
                } catch (error) {
                  toast.error(error instanceof Error ? error.message : String(error));
                }
              }}
            >
              {t('actions.askActivation')}
            </Button>
          )}
          {!isSelf && (
            <Button
              color="red"
              variant="outline"
              leftSection={<AnimatedIcon name="delete" size={18} />}
              onClick={async () => {
                if (!(await confirmDelete())) return;
                try {
                  await mutations.remove.mutateAsync(admin.id);
                  toast.success(t('toasts.deleted'));
                  navigate('/admins', { replace: true });
                } catch (error) {
                  toast.error(error instanceof Error ? error.message : String(error));
                }
              }}
            >
              {t('actions.delete')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
