import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  type Declaration,
  deMonth,
  type EstablishmentType,
  formatEuros,
  isAdminRole,
  type Month,
  monthName,
  monthNeedsDeclaration,
  monthOutsideMessage,
  type RegisterMonth,
} from '@sejour/domain';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { useSession } from '../session/useSession';
import { AuditHistory, confirmAction, NotFoundState, SubmitButton, toast } from '../ui';
import type { FirstReadsContext } from '../ui/feature';
import { PageLoader } from '../ui/feedback/PageLoader';
import { formatDate } from '../ui/format';
import {
  declarationQuery,
  declarationsKeys,
  fetchDeclarationHistory,
  useDeclaration,
  useDeclarationMutations,
  useEstablishmentYear,
  useMonthDeliberation,
  useMonthPricing,
} from './api';
import { DeclarationActions } from './DeclarationActions';
import { DeclarationForm } from './DeclarationForm';
import { RegisterFile } from './RegisterFile';
import { useDeclarationsTexts } from './texts';

/** A declaration au forfait has its own screen, loaded when one is opened. */
const ForfaitDeclarationScreen = lazy(() =>
  import('./ForfaitDeclaration').then((m) => ({ default: m.ForfaitDeclarationScreen })),
);

/** The register's action is loaded apart: a month declared without the register does not pay for it. */
const RegisterCompute = lazy(() => import('./RegisterCompute').then((m) => ({ default: m.RegisterCompute })));

const positiveInt = (value: string | null | undefined) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * `/declarations/{id}`: one establishment's month — the figures, the live amount, and the actions of its state;
 * `/declarations/new?establishmentId=&year=&month=` declares a month not declared yet.
 */
export function DeclarationPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const { t } = useDeclarationsTexts();
  if (id === 'new') {
    const establishmentId = positiveInt(search.get('establishmentId'));
    const year = positiveInt(search.get('year'));
    const month = positiveInt(search.get('month'));
    if (establishmentId === null || year === null || month === null || month > 12) {
      return <NotFoundState backTo="/home" backLabel={t('detail.back')} />;
    }
    return <NewDeclaration establishmentId={establishmentId} year={year} month={month as Month} />;
  }
  return <ExistingDeclaration id={positiveInt(id)} />;
}

/** The declaration, started before the screen first renders (a new one reads nothing first). */
DeclarationPage.firstReads = ({ queryClient, params }: FirstReadsContext) => {
  const id = positiveInt(params.id);
  if (id !== null) void queryClient.prefetchQuery(declarationQuery(id));
};

function BackLink({ to }: { to: string }) {
  const { t } = useDeclarationsTexts();
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <ArrowLeft size={16} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
}

function Header(props: {
  year: number;
  month: Month;
  establishmentName: string;
  done?: boolean;
  back: string;
}) {
  const { t } = useDeclarationsTexts();
  return (
    <Stack gap={4}>
      <BackLink to={props.back} />
      <Group gap="sm">
        <Title order={1}>{t('detail.title', { month: monthName(props.month), year: props.year })}</Title>
        {props.done !== undefined && (
          <Badge color={props.done ? 'green' : 'gray'} variant="light">
            {t(props.done ? 'detail.state.done' : 'detail.state.draft')}
          </Badge>
        )}
      </Group>
      <Text c="dimmed">{t('detail.establishment', { name: props.establishmentName })}</Text>
    </Stack>
  );
}

/** The pricing of the month, or the server's word on why none computes it (its message names the month). */
function usePricingState(year: number, month: number) {
  const pricing = useMonthPricing(year, month);
  const missing =
    pricing.error instanceof ApiError && pricing.error.code === 'no_pricing_for_period'
      ? pricing.error.message
      : null;
  return { pricing, missing };
}

function NewDeclaration(props: { establishmentId: number; year: number; month: Month }) {
  const { t } = useDeclarationsTexts();
  const navigate = useNavigate();
  const establishmentYear = useEstablishmentYear(props.establishmentId, props.year);
  const { pricing, missing } = usePricingState(props.year, props.month);
  const deliberation = useMonthDeliberation(props.year, props.month);
  const mutations = useDeclarationMutations();
  const [fill, setFill] = useState<RegisterMonth | null>(null);
  const back = `/establishments/${props.establishmentId}`;

  if (establishmentYear.error instanceof ApiError && establishmentYear.error.code === 'not_found') {
    return <NotFoundState backTo="/home" backLabel={t('detail.back')} />;
  }
  if (establishmentYear.isPending || pricing.isPending) return <PageLoader />;
  const establishment = establishmentYear.data?.establishment;
  if (!establishment) {
    return <Alert color="red">{establishmentYear.error?.message}</Alert>;
  }
  const summary = establishmentYear.data?.months.find((m) => m.month === props.month);
  const existing = summary?.declarationId;
  if (existing) return <Navigate to={`/declarations/${existing}`} replace />;
  if (summary?.state === 'forfait') {
    // A month au forfait declares no nights: the collection period starting in it is declared instead.
    const period = establishmentYear.data?.forfaitPeriods.find(
      (p) => Number(p.periodStart.slice(5, 7)) === props.month,
    );
    if (period) {
      const to = period.declarationId
        ? `/declarations/${period.declarationId}`
        : `/declarations/forfait/new?establishmentId=${props.establishmentId}&periodStart=${period.periodStart}`;
      return <Navigate to={to} replace />;
    }
    return (
      <Stack gap="md">
        <Header {...props} establishmentName={establishment.name} back={back} />
        <Alert color="gray">{t('detail.forfaitMonth')}</Alert>
      </Stack>
    );
  }
  // The row of the month's classification (it may have lapsed since, or changed), as the server computes it.
  const type = summary ? summary.type : establishment.type;
  const target = { establishmentId: props.establishmentId, year: props.year, month: props.month };
  // A month outside the deliberation's collection periods has nothing to declare: the server refuses it.
  const outside =
    deliberation.data && !monthNeedsDeclaration(deliberation.data.collectionPeriods, props.year, props.month)
      ? monthOutsideMessage(props.year, props.month)
      : null;
  return (
    <Stack gap="md">
      <Header {...props} establishmentName={establishment.name} back={back} />
      <Blockers type={type} missingPricing={missing ?? outside} />
      {type && !missing && !outside && (
        <DeclarationForm
          type={type}
          declaration={null}
          pricing={pricing.data ?? null}
          readOnly={false}
          fill={fill?.figures ?? null}
          fillReasons={fill?.exemptionsByReason ?? null}
          deliberation={deliberation.data ?? null}
          below={
            <Suspense fallback={null}>
              <RegisterCompute
                establishmentId={props.establishmentId}
                year={props.year}
                month={props.month}
                onFigures={setFill}
              />
            </Suspense>
          }
          onSubmit={async (values) => {
            const created = await mutations.create.mutateAsync({ ...target, ...values });
            toast.success(t('detail.toasts.created'));
            void navigate(`/declarations/${created.id}`, { replace: true });
          }}
          actions={
            <Group>
              <SubmitButton>{t('detail.actions.create')}</SubmitButton>
              <Button
                variant="default"
                onClick={async () => {
                  const ok = await confirmAction({
                    title: t('detail.confirm.nothingTitle'),
                    text: t('detail.confirm.nothing'),
                    confirmLabel: t('detail.actions.nothing'),
                  });
                  if (!ok) return;
                  const created = await mutations.nothingToDeclare.mutateAsync(target);
                  toast.success(t('detail.toasts.nothing'));
                  void navigate(`/declarations/${created.id}`, { replace: true });
                }}
              >
                {t('detail.actions.nothing')}
              </Button>
            </Group>
          }
        />
      )}
    </Stack>
  );
}

function Blockers(props: { type: EstablishmentType | null; missingPricing: string | null }) {
  const { t } = useDeclarationsTexts();
  if (!props.type) return <Alert color="orange">{t('detail.typeMissing')}</Alert>;
  if (props.missingPricing) return <Alert color="orange">{props.missingPricing}</Alert>;
  return null;
}

function ExistingDeclaration({ id }: { id: number | null }) {
  const { t } = useDeclarationsTexts();
  const declaration = useDeclaration(id);
  // The screen's first render with its answer is the longest task of a phone's visit: deferred, React renders
  // it in slices that let the browser breathe (the loader stays meanwhile), not in one block as the answer lands.
  const shown = useDeferredValue(declaration.data);
  if (id === null || (declaration.error instanceof ApiError && declaration.error.code === 'not_found')) {
    return <NotFoundState backTo="/home" backLabel={t('detail.back')} />;
  }
  if (declaration.isPending || (declaration.data && !shown)) return <PageLoader />;
  if (!shown) return <Alert color="red">{declaration.error?.message}</Alert>;
  const { forfait } = shown;
  if (shown.regime === 'FORFAIT' && forfait) {
    return (
      <Suspense fallback={<PageLoader />}>
        <ForfaitDeclarationScreen key={shown.id} declaration={{ ...shown, forfait }} />
      </Suspense>
    );
  }
  return (
    // Keyed by the declaration alone: a save updates the screen in place (the form shows what was stored).
    <DeclarationScreen key={shown.id} declaration={shown} />
  );
}

function DeclarationScreen({ declaration }: { declaration: Declaration }) {
  const { t } = useDeclarationsTexts();
  const session = useSession();
  const admin = isAdminRole(session.user?.role);
  const month = declaration.month as Month;
  const { pricing, missing } = usePricingState(declaration.year, month);
  const deliberation = useMonthDeliberation(declaration.year, month);
  // Each read re-renders the whole form as it lands: deferred, that render is sliced too.
  const pricingTable = useDeferredValue(pricing.data ?? null);
  const deliberationTable = useDeferredValue(deliberation.data ?? null);
  const mutations = useDeclarationMutations();
  const locked = declaration.done && !admin;
  const [fill, setFill] = useState<RegisterMonth | null>(null);
  const back = `/establishments/${declaration.establishmentId}`;
  const type = declaration.type;

  const nothing = async () => {
    const ok = await confirmAction({
      title: t('detail.confirm.nothingTitle'),
      text: t('detail.confirm.nothing'),
      confirmLabel: t('detail.actions.nothing'),
    });
    if (!ok) return;
    await mutations.update.mutateAsync({ id: declaration.id, body: {} });
    await mutations.markDone.mutateAsync(declaration.id);
    toast.success(t('detail.toasts.nothing'));
  };

  return (
    <Stack gap="md">
      <Header
        year={declaration.year}
        month={month}
        establishmentName={declaration.establishmentName}
        done={declaration.done}
        back={back}
      />
      {declaration.done && declaration.doneAt && (
        <Alert color="green" variant="light">
          {t('detail.doneOn', { date: formatDate(declaration.doneAt) })}
        </Alert>
      )}
      {!declaration.done && <Blockers type={type} missingPricing={missing} />}
      {type && (
        <DeclarationForm
          type={type}
          declaration={declaration}
          pricing={pricingTable}
          readOnly={locked}
          fill={fill?.figures ?? null}
          fillReasons={fill?.exemptionsByReason ?? null}
          deliberation={deliberationTable}
          below={
            !locked && (
              <Suspense fallback={null}>
                <RegisterCompute
                  establishmentId={declaration.establishmentId}
                  year={declaration.year}
                  month={month}
                  onFigures={setFill}
                />
              </Suspense>
            )
          }
          onSubmit={async (values) => {
            await mutations.update.mutateAsync({ id: declaration.id, body: values });
            toast.success(t('detail.toasts.saved'));
          }}
          actions={
            <DeclarationActions
              declaration={declaration}
              canSave={!locked}
              // The amount the server holds for the draft: the one the host is about to declare.
              doneQuestion={t('detail.confirm.doneAmount', {
                month: deMonth(month),
                year: declaration.year,
                amount: formatEuros(declaration.totalAmount),
              })}
              draftActions={
                <Button variant="default" onClick={nothing}>
                  {t('detail.actions.nothing')}
                </Button>
              }
            />
          }
        />
      )}
      <RegisterFile declaration={declaration} editable={!locked} />
      <AuditHistory
        queryKey={declarationsKeys.history(declaration.id)}
        fetchPage={fetchDeclarationHistory(declaration.id)}
      />
    </Stack>
  );
}
