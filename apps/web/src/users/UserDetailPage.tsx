import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { User } from '@sejour/domain';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { AnimatedIcon, confirmDelete, NotFoundState, SubmitButton, toast } from '../ui';
import { PageLoader } from '../ui/feedback/PageLoader';
import { formatDate } from '../ui/format';
import { useProvider, useProviderMutations } from './api';
import { ProviderEstablishments } from './ProviderEstablishments';
import { ProviderForm } from './ProviderForm';

/** `/users/{id}` (and `/users/new`): a provider's details, account state and actions. */
export function UserDetailPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  const userId = isNew || !id || !/^\d{1,9}$/.test(id) || Number(id) === 0 ? null : Number(id);
  const provider = useProvider(userId);
  const { t } = useTranslation('users');

  if (isNew) return <NewProvider />;
  if (userId === null || (provider.error instanceof ApiError && provider.error.code === 'not_found')) {
    return <NotFoundState backTo="/users" backLabel={t('detail.back')} />;
  }
  if (provider.isPending) return <PageLoader />;
  if (provider.error || !provider.data) {
    return (
      <Stack gap="md">
        <BackToList />
        <Alert color="red" role="alert">
          {provider.error?.message ?? t('common:errors.unexpected')}
        </Alert>
      </Stack>
    );
  }
  return <ExistingProvider key={provider.data.id} user={provider.data} />;
}

function BackToList() {
  const { t } = useTranslation('users');
  return (
    <Anchor component={Link} to="/users" size="sm">
      <Group gap={4} component="span">
        <ArrowLeft size={16} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
}

function NewProvider() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const { create } = useProviderMutations();
  return (
    <Stack gap="md">
      <BackToList />
      <Title order={1}>{t('detail.newTitle')}</Title>
      <Paper withBorder p="md">
        <ProviderForm
          onSubmit={async (values) => {
            const user = await create.mutateAsync(values);
            toast.success(t('toasts.created'));
            navigate(`/users/${user.id}`, { replace: true });
          }}
          actions={<SubmitButton>{t('actions.create')}</SubmitButton>}
        />
      </Paper>
    </Stack>
  );
}

function displayName(user: User) {
  return [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username;
}

function ExistingProvider({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const mutations = useProviderMutations();
  const act = async (run: () => Promise<unknown>, message: string) => {
    try {
      await run();
      toast.success(message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{t('detail.title', { name: displayName(user) })}</Title>
          <Text c="dimmed" size="sm">
            {t('detail.createdOn', { date: formatDate(user.createDate) })}
          </Text>
        </div>
        <Group gap="xs" aria-label={t('detail.status')}>
          <Badge color={user.activated ? 'green' : 'yellow'} variant="light">
            {user.activated ? t('detail.activated') : t('detail.notActivated')}
          </Badge>
          <Badge color={user.archived ? 'gray' : 'blue'} variant="light">
            {user.archived ? t('detail.archived') : t('detail.active')}
          </Badge>
        </Group>
      </Group>

      <Paper withBorder p="md">
        <ProviderForm
          user={user}
          onSubmit={async (values) => {
            await mutations.update.mutateAsync({ id: user.id, payload: values });
            toast.success(t('toasts.saved'));
          }}
          actions={<SubmitButton>{t('actions.save')}</SubmitButton>}
        />
      </Paper>

      <ProviderEstablishments userId={user.id} />

      <Group gap="sm" wrap="wrap">
        {!user.activated && !user.archived && (
          <Button
            variant="default"
            leftSection={<AnimatedIcon name="letter" size={18} />}
            loading={mutations.askActivation.isPending}
            onClick={() =>
              act(() => mutations.askActivation.mutateAsync(user.id), t('toasts.activationSent'))
            }
          >
            {t('actions.askActivation')}
          </Button>
        )}
        {user.archived ? (
          <Button
            variant="default"
            loading={mutations.restore.isPending}
            onClick={() => act(() => mutations.restore.mutateAsync(user.id), t('toasts.restored'))}
          >
            {t('actions.restore')}
          </Button>
        ) : (
          <Button
            variant="default"
            loading={mutations.archive.isPending}
            onClick={() => act(() => mutations.archive.mutateAsync(user.id), t('toasts.archived'))}
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
            await act(async () => {
              await mutations.remove.mutateAsync(user.id);
              navigate(user.archived ? '/users-archive' : '/users', { replace: true });
            }, t('toasts.deleted'));
          }}
        >
          {t('actions.delete')}
        </Button>
      </Group>
    </Stack>
  );
}
