import { Badge, Button } from '@mantine/core';
import { type AccountStatus, accountStatus, type User } from '@sejour/domain';
import { useNavigate, useParams } from 'react-router';
import { isNotFound } from '../api/client';
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
import { formatDate } from '../ui/format';
import { useProvider, useProviderMutations } from './api';
import { ProviderEstablishments } from './ProviderEstablishments';
import { ProviderForm } from './ProviderForm';
import { useProvidersTexts } from './texts';

/** `/users/{id}` (and `/users/new`): a provider's details, account state and actions. */
export function UserDetailPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  const userId = isNew ? null : recordIdOf(id);
  const provider = useProvider(userId);
  const { t } = useProvidersTexts();

  if (isNew) return <NewProvider />;
  return (
    <RecordStates
      id={userId}
      query={provider}
      notFound={isNotFound(provider.error)}
      backTo="/users"
      backLabel={t('detail.back')}
    >
      {(user) => <ExistingProvider key={user.id} user={user} />}
    </RecordStates>
  );
}

function NewProvider() {
  const { t } = useProvidersTexts();
  const navigate = useNavigate();
  const { create } = useProviderMutations();
  return (
    <RecordLayout
      back={{ to: '/users', label: t('detail.back') }}
      title={t('detail.newTitle')}
      form={
        <ProviderForm
          onSubmit={async (values) => {
            const user = await create.mutateAsync(values);
            toast.success(t('toasts.created'));
            void navigate(`/users/${user.id}`, { replace: true });
          }}
          actions={<SubmitButton>{t('actions.create')}</SubmitButton>}
        />
      }
    />
  );
}

function displayName(user: User) {
  return [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username;
}

const STATUS_COLORS: Readonly<Record<AccountStatus, string>> = {
  archived: 'gray',
  disabled: 'red',
  pending: 'yellow',
  active: 'green',
};

function ExistingProvider({ user }: { user: User }) {
  const { t } = useProvidersTexts();
  const navigate = useNavigate();
  const mutations = useProviderMutations();

  return (
    <RecordLayout
      title={t('detail.title', { name: displayName(user) })}
      subtitle={t('detail.createdOn', { date: formatDate(user.createDate) })}
      badgesLabel={t('detail.status')}
      badges={
        <Badge color={STATUS_COLORS[accountStatus(user)]} variant="light" data-testid="account-status">
          {t(`detail.statuses.${accountStatus(user)}`)}
        </Badge>
      }
      form={
        <ProviderForm
          user={user}
          onSubmit={async (values) => {
            await mutations.update.mutateAsync({ id: user.id, payload: values });
            toast.success(t('toasts.saved'));
          }}
          actions={<SubmitButton>{t('actions.save')}</SubmitButton>}
        />
      }
      actions={
        <>
          {!user.activated && !user.archived && (
            <Button
              variant="default"
              leftSection={<AnimatedIcon name="letter" size={18} />}
              loading={mutations.askActivation.isPending}
              onClick={() =>
                runWithToast(() => mutations.askActivation.mutateAsync(user.id), t('toasts.activationSent'))
              }
            >
              {t('actions.askActivation')}
            </Button>
          )}
          {user.archived ? (
            <Button
              variant="default"
              loading={mutations.restore.isPending}
              onClick={() => runWithToast(() => mutations.restore.mutateAsync(user.id), t('toasts.restored'))}
            >
              {t('actions.restore')}
            </Button>
          ) : (
            <Button
              variant="default"
              loading={mutations.archive.isPending}
              onClick={() => runWithToast(() => mutations.archive.mutateAsync(user.id), t('toasts.archived'))}
            >
              {t('actions.archive')}
            </Button>
          )}
          <Button
            color="red"
            variant="outline"
            leftSection={<AnimatedIcon name="delete" size={18} />}
            onClick={async () => {
              const text = `${t('common:confirmDelete.text')} ${t('confirm.deleteText')}`;
              if (!(await confirmDelete({ text }))) return;
              await runWithToast(async () => {
                await mutations.remove.mutateAsync(user.id);
                void navigate(user.archived ? '/users-archive' : '/users', { replace: true });
              }, t('toasts.deleted'));
            }}
          >
            {t('actions.delete')}
          </Button>
        </>
      }
    >
      <ProviderEstablishments userId={user.id} />
    </RecordLayout>
  );
}
