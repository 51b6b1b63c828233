import { Alert, Badge, Button } from '@mantine/core';
import type { User } from '@sejour/domain';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../api/client';
import { useSession } from '../session/useSession';
import {
  AnimatedIcon,
  confirmDelete,
  RecordLayout,
  RecordStates,
  recordIdOf,
  runWithToast,
  SubmitButton,
  toast,
} from '../ui';
import { AdminForm } from './AdminForm';
import { useAdmin, useAdminMutations } from './api';
import { useAdminsTexts } from './texts';

/** `/admins/{id}` (and `/admins/new`): read by every admin, changed only by a superadmin. */
export function AdminDetailPage() {
  const { id } = useParams();
  const { t } = useAdminsTexts();
  const { user } = useSession();
  const isNew = id === 'new';
  const adminId = isNew ? null : recordIdOf(id);
  const admin = useAdmin(adminId);
  const isSuperadmin = user?.role === 'superadmin';

  if (isNew) return isSuperadmin ? <NewAdmin /> : <Navigate to="/admins" replace />;
  return (
    <RecordStates
      id={adminId}
      query={admin}
      notFound={isNotFound(admin.error)}
      backTo="/admins"
      backLabel={t('detail.back')}
    >
      {(record) => (
        <ExistingAdmin
          key={record.id}
          admin={record}
          canEdit={isSuperadmin}
          isSelf={record.id === user?.id}
        />
      )}
    </RecordStates>
  );
}

function NewAdmin() {
  const { t } = useAdminsTexts();
  const navigate = useNavigate();
  const { create } = useAdminMutations();
  return (
    <RecordLayout
      back={{ to: '/admins', label: t('detail.back') }}
      title={t('detail.newTitle')}
      form={
        <AdminForm
          readOnly={false}
          onSubmit={async (values) => {
            const admin = await create.mutateAsync(values);
            toast.success(t('toasts.created'));
            void navigate(`/admins/${admin.id}`, { replace: true });
          }}
          actions={<SubmitButton>{t('actions.create')}</SubmitButton>}
        />
      }
    />
  );
}

function ExistingAdmin({ admin, canEdit, isSelf }: { admin: User; canEdit: boolean; isSelf: boolean }) {
  const { t } = useAdminsTexts();
  const navigate = useNavigate();
  const mutations = useAdminMutations();
  const name = [admin.firstname, admin.lastname].filter(Boolean).join(' ') || admin.username;

  return (
    <RecordLayout
      title={t('detail.title', { name })}
      badges={
        <Badge variant="light" color={admin.role === 'superadmin' ? 'grape' : 'blue'}>
          {t(`roles.${admin.role}`)}
        </Badge>
      }
      notices={
        <>
          {!canEdit && <Alert color="blue">{t('detail.readOnly')}</Alert>}
          {canEdit && isSelf && <Alert color="blue">{t('detail.self')}</Alert>}
        </>
      }
      form={
        <AdminForm
          user={admin}
          readOnly={!canEdit}
          onSubmit={async (values) => {
            await mutations.update.mutateAsync({ id: admin.id, payload: values });
            toast.success(t('toasts.saved'));
          }}
          actions={<SubmitButton>{t('actions.save')}</SubmitButton>}
        />
      }
      actions={
        canEdit && (!admin.activated || !isSelf) ? (
          <>
            {!admin.activated && (
              <Button
                variant="default"
                leftSection={<AnimatedIcon name="letter" size={18} />}
                loading={mutations.askActivation.isPending}
                onClick={() =>
                  runWithToast(
                    () => mutations.askActivation.mutateAsync(admin.id),
                    t('toasts.activationSent'),
                  )
                }
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
                  await runWithToast(async () => {
                    await mutations.remove.mutateAsync(admin.id);
                    void navigate('/admins', { replace: true });
                  }, t('toasts.deleted'));
                }}
              >
                {t('actions.delete')}
              </Button>
            )}
          </>
        ) : null
      }
    />
  );
}
