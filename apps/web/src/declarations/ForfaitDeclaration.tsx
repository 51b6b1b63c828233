import { Alert, Badge, Stack } from '@mantine/core';
import {
  capacityRules,
  type Declaration,
  type DeclarationForfait,
  formatEuros,
  frenchDate,
  isoDateSchema,
} from '@sejour/domain';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { AuditHistory, NotFoundState, SubmitButton, toast } from '../ui';
import { PageLoader } from '../ui/feedback/PageLoader';
import { formatDate } from '../ui/format';
import {
  declarationsKeys,
  fetchDeclarationHistory,
  useDeclarationMutations,
  useEstablishmentNature,
  useEstablishmentYear,
  useMonthDeliberation,
} from './api';
import { DeclarationActions } from './DeclarationActions';
import { ForfaitForm } from './ForfaitForm';
import { ForfaitHeader } from './ForfaitHeader';
import { ruleOfUnit } from './forfait-form';
import { useDeclarationsTexts } from './texts';

const positiveInt = (value: string | null | undefined) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** The deliberation of the month a collection period starts in: the one that computes its forfait. */
function usePeriodDeliberation(periodStart: string) {
  return useMonthDeliberation(Number(periodStart.slice(0, 4)), Number(periodStart.slice(5, 7)));
}

/**
 * `/declarations/forfait/new?establishmentId=&periodStart=`: declares au forfait a collection period of an
 * establishment (the period's first day, as its year view lists it); one already declared opens instead.
 */
export function NewForfaitDeclarationPage() {
  const [search] = useSearchParams();
  const { t } = useDeclarationsTexts();
  const establishmentId = positiveInt(search.get('establishmentId'));
  const periodStart = search.get('periodStart') ?? '';
  if (establishmentId === null || !isoDateSchema.safeParse(periodStart).success) {
    return <NotFoundState backTo="/home" backLabel={t('detail.back')} />;
  }
  return <NewForfait establishmentId={establishmentId} periodStart={periodStart} />;
}

function NewForfait(props: { establishmentId: number; periodStart: string }) {
  const { t } = useDeclarationsTexts();
  const navigate = useNavigate();
  const year = useEstablishmentYear(props.establishmentId, Number(props.periodStart.slice(0, 4)));
  const establishment = useEstablishmentNature(props.establishmentId);
  const deliberation = usePeriodDeliberation(props.periodStart);
  const mutations = useDeclarationMutations();
  const back = `/establishments/${props.establishmentId}`;

  if (year.error instanceof ApiError && year.error.code === 'not_found') {
    return <NotFoundState backTo="/home" backLabel={t('detail.back')} />;
  }
  if (year.isPending || establishment.isPending) return <PageLoader />;
  if (!year.data || !establishment.data) {
    return <Alert color="red">{(year.error ?? establishment.error)?.message}</Alert>;
  }
  const period = year.data.forfaitPeriods.find((p) => p.periodStart === props.periodStart);
  if (period?.declarationId) return <Navigate to={`/declarations/${period.declarationId}`} replace />;
  const nature = establishment.data.nature;
  return (
    <Stack gap="md">
      <ForfaitHeader
        back={back}
        establishmentName={year.data.establishment.name}
        period={period ? { beginDate: period.periodStart, endDate: period.periodEnd } : null}
        deadline={period?.deadline ?? null}
        badges={
          period?.late ? (
            <Badge color="red" variant="light">
              {t('forfait.late')}
            </Badge>
          ) : null
        }
      />
      {!period ? (
        <Alert color="orange">{t('forfait.periodUnknown')}</Alert>
      ) : !nature ? (
        <Alert color="orange">{t('forfait.natureMissing')}</Alert>
      ) : (
        <ForfaitForm
          collection={{ beginDate: period.periodStart, endDate: period.periodEnd }}
          forfait={null}
          rule={capacityRules[nature]}
          // The row of the classification in force on the period's first day, as the server computes it.
          type={
            year.data.months.find((m) => m.month === Number(period.periodStart.slice(5, 7)))?.type ??
            year.data.establishment.type
          }
          deliberation={deliberation.data ?? null}
          readOnly={false}
          stored={null}
          onSubmit={async (body) => {
            const created = await mutations.createForfait.mutateAsync({
              establishmentId: props.establishmentId,
              periodStart: props.periodStart,
              ...body,
            });
            toast.success(t('detail.toasts.created'));
            void navigate(`/declarations/${created.id}`, { replace: true });
          }}
          actions={<SubmitButton>{t('forfait.actions.create')}</SubmitButton>}
        />
      )}
    </Stack>
  );
}

/**
 * `/declarations/{id}` of a declaration au forfait: its figures (editable while a draft), the forfait and how it
 * was reached, and the actions of its state. Done, nobody changes it until an admin reopens it.
 */
export function ForfaitDeclarationScreen({
  declaration,
}: {
  declaration: Declaration & { forfait: DeclarationForfait };
}) {
  const { t } = useDeclarationsTexts();
  const mutations = useDeclarationMutations();
  const { forfait } = declaration;
  const deliberation = usePeriodDeliberation(forfait.periodStart);
  const back = `/establishments/${declaration.establishmentId}`;
  const collection = { beginDate: forfait.periodStart, endDate: forfait.periodEnd };

  const badges = (
    <>
      <Badge color={declaration.done ? 'green' : 'gray'} variant="light">
        {t(declaration.done ? 'detail.state.done' : 'detail.state.draft')}
      </Badge>
      {forfait.late && (
        <Badge color={declaration.done ? 'orange' : 'red'} variant="light" data-testid="forfait-late">
          {t(declaration.done ? 'forfait.declaredLate' : 'forfait.late')}
        </Badge>
      )}
    </>
  );

  return (
    <Stack gap="md">
      <ForfaitHeader
        back={back}
        establishmentName={declaration.establishmentName}
        period={collection}
        deadline={forfait.deadline}
        badges={badges}
      />
      {declaration.done && declaration.doneAt && (
        <Alert color="green" variant="light">
          {t('forfait.doneOn', { date: formatDate(declaration.doneAt) })}
        </Alert>
      )}
      <ForfaitForm
        collection={collection}
        forfait={forfait}
        rule={{
          ...ruleOfUnit(forfait.capacityUnit, forfait.personsPerUnit),
          ruleLabel: forfait.capacityRule,
        }}
        type={declaration.type}
        deliberation={deliberation.data ?? null}
        readOnly={declaration.done}
        stored={declaration}
        onSubmit={async (body) => {
          await mutations.updateForfait.mutateAsync({ id: declaration.id, body });
          toast.success(t('detail.toasts.saved'));
        }}
        actions={
          <DeclarationActions
            declaration={declaration}
            canSave={!declaration.done}
            doneQuestion={t('forfait.confirm.doneAmount', {
              begin: frenchDate(forfait.periodStart),
              end: frenchDate(forfait.periodEnd),
              amount: formatEuros(declaration.totalAmount),
            })}
          />
        }
      />
      <AuditHistory
        queryKey={declarationsKeys.history(declaration.id)}
        fetchPage={fetchDeclarationHistory(declaration.id)}
      />
    </Stack>
  );
}
