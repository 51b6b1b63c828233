import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type EstablishmentDetail, isAdminRole } from '@sejour/domain';
import { ReceiptEuro } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../session/useSession';
import { AnimatedIcon, AuditHistory, confirmDelete, SubmitButton, toast } from '../ui';
import {
  establishmentsKeys,
  fetchEstablishmentHistory,
  useEstablishment,
  useEstablishmentMutations,
} from './api';
import { EstablishmentForm } from './EstablishmentForm';
import { EstablishmentImage } from './EstablishmentImage';
import { EstablishmentYear } from './EstablishmentYear';
import { useEstablishmentsTexts } from './texts';

/** Sections below the form: their code comes in chunks of their own, after the screen's. */
const ChangeRequestsSection = lazy(() =>
  import('./ChangeRequestsSection').then((m) => ({ default: m.ChangeRequestsSection })),
);
const EstablishmentClassification = lazy(() =>
  import('./EstablishmentClassification').then((m) => ({ default: m.EstablishmentClassification })),
);
const EstablishmentLife = lazy(() =>
  import('./EstablishmentLife').then((m) => ({ default: m.EstablishmentLife })),
);

/** `establishments/{id}` (and `establishments/new` for admins): identity, type, image, and the year's declarations. */
export function EstablishmentDetailPage() {
  const { id } = useParams();
  const { t } = useEstablishmentsTexts();
  // `establishments/new` is its own (admin-only) route, without an id.
  const isNew = id === undefined || id === 'new';
  const numericId = Number(id);
  const valid = !isNew && Number.isInteger(numericId) && numericId > 0;
  const establishment = useEstablishment(valid ? numericId : null);

  if (isNew) return <NewEstablishment />;
  if (valid && establishment.isPending)
    return <Text c="dimmed">{t('common:loading', { defaultValue: '…' })}</Text>;
  if (!valid || establishment.error || !establishment.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" role="alert">
          {establishment.error?.message ?? t('common:notFound.text')}
        </Alert>
        <Button component={Link} to="/home" variant="default">
          {t('common:notFound.back')}
        </Button>
      </Stack>
    );
  }
  return <ExistingEstablishment key={establishment.data.id} establishment={establishment.data} />;
}

function NewEstablishment() {
  const { t } = useEstablishmentsTexts();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { create } = useEstablishmentMutations();
  const owner = Number(search.get('userId'));
  return (
    <Stack gap="md">
      <Title order={1}>{t('detail.newTitle')}</Title>
      <Paper withBorder p="md">
        <EstablishmentForm
          asAdmin
          userId={Number.isInteger(owner) && owner > 0 ? owner : undefined}
          onSubmit={async (values) => {
            const created = await create.mutateAsync(values);
            toast.success(t('toasts.created'));
            void navigate(`/establishments/${created.id}`, { replace: true });
          }}
          actions={<SubmitButton>{t('actions.create')}</SubmitButton>}
        />
      </Paper>
    </Stack>
  );
}

function deleteText(t: ReturnType<typeof useEstablishmentsTexts>['t'], e: EstablishmentDetail): string {
  return e.declarationCount === 0
    ? t('confirm.deleteNone', { name: e.name })
    : t('confirm.deleteWith', { name: e.name, count: e.declarationCount });
}

function ExistingEstablishment({ establishment }: { establishment: EstablishmentDetail }) {
  const { t } = useEstablishmentsTexts();
  const navigate = useNavigate();
  const { user } = useSession();
  const asAdmin = isAdminRole(user?.role);
  const mutations = useEstablishmentMutations();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{t('detail.title', { name: establishment.name })}</Title>
        <Group gap="xs">
          <Button component={Link} to={`/establishments/${establishment.id}/register`} variant="default">
            {t('detail.register')}
          </Button>
          {/* A host's side bar lists only Home and the establishments: their notices are linked here. */}
          {!asAdmin && (
            <Button
              component={Link}
              to="/resume"
              variant="default"
              leftSection={<ReceiptEuro size={18} aria-hidden />}
            >
              {t('resume:hostTitle')}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="md">
        <EstablishmentForm
          establishment={establishment}
          asAdmin={asAdmin}
          onSubmit={async (values) => {
            await mutations.update.mutateAsync({ id: establishment.id, payload: values });
            toast.success(t('toasts.saved'));
          }}
          actions={<SubmitButton>{t('actions.save')}</SubmitButton>}
        />
      </Paper>
      <Suspense fallback={null}>
        <ChangeRequestsSection establishment={establishment} asAdmin={asAdmin} />
      </Suspense>
      <EstablishmentImage establishment={establishment} />
      <Suspense fallback={null}>
        <EstablishmentClassification establishment={establishment} />
      </Suspense>
      <EstablishmentYear establishmentId={establishment.id} />
      <Suspense fallback={null}>
        <EstablishmentLife establishmentId={establishment.id} asAdmin={asAdmin} />
      </Suspense>
      <AuditHistory
        entity="establishment"
        queryKey={establishmentsKeys.history(establishment.id)}
        fetchPage={fetchEstablishmentHistory(establishment.id)}
      />
      {asAdmin && (
        <Group>
          <Button
            color="red"
            variant="outline"
            leftSection={<AnimatedIcon name="delete" size={18} />}
            onClick={async () => {
              const confirmed = await confirmDelete({
                title: t('confirm.deleteTitle', { name: establishment.name }),
                text: deleteText(t, establishment),
              });
              if (!confirmed) return;
              try {
                await mutations.remove.mutateAsync(establishment.id);
                toast.success(t('toasts.deleted'));
                void navigate('/establishments', { replace: true });
              } catch (error) {
                toast.error(error instanceof Error ? error.message : String(error));
              }
            }}
          >
            {t('actions.delete')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
