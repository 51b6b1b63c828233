import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type CapacityRule,
  capacityRules,
  type Declaration,
  type DeclarationForfait,
  type DeliberationTable,
  type EstablishmentType,
  type ForfaitDeclarationUpdate,
  formatEuros,
  frenchDate,
  isAdminRole,
  isoDateSchema,
  type Period,
} from '@sejour/domain';
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { useSession } from '../session/useSession';
import {
  AuditHistory,
  confirmAction,
  confirmDelete,
  DateField,
  Form,
  NotFoundState,
  NumberField,
  SubmitButton,
  toast,
  useFormValues,
  useKitForm,
} from '../ui';
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
import { ForfaitAmounts } from './ForfaitAmounts';
import classes from './ForfaitDeclaration.module.css';
import {
  capacityLabel,
  type ForfaitFormValues,
  forfaitFormSchema,
  forfaitFormValuesOf,
  liveForfait,
  ruleOfUnit,
  storedForfait,
} from './forfait-form';
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
            navigate(`/declarations/${created.id}`, { replace: true });
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
  const navigate = useNavigate();
  const session = useSession();
  const admin = isAdminRole(session.user?.role);
  const mutations = useDeclarationMutations();
  const { forfait } = declaration;
  const deliberation = usePeriodDeliberation(forfait.periodStart);
  const back = `/establishments/${declaration.establishmentId}`;
  const collection = { beginDate: forfait.periodStart, endDate: forfait.periodEnd };
  const dates = { begin: frenchDate(forfait.periodStart), end: frenchDate(forfait.periodEnd) };

  const markDone = async () => {
    const ok = await confirmAction({
      title: t('forfait.confirm.doneTitle'),
      text: `${t('forfait.confirm.doneAmount', {
        ...dates,
        amount: formatEuros(declaration.totalAmount),
      })} ${t('forfait.confirm.done')}`,
      confirmLabel: t('forfait.actions.markDone'),
    });
    if (!ok) return;
    await mutations.markDone.mutateAsync(declaration.id);
    toast.success(t('detail.toasts.done'));
  };
  const remove = async () => {
    if (!(await confirmDelete())) return;
    await mutations.remove.mutateAsync(declaration.id);
    toast.success(t('detail.toasts.deleted'));
    navigate(back, { replace: true });
  };

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
          <Group>
            {!declaration.done && (
              <>
                <SubmitButton>{t('forfait.actions.save')}</SubmitButton>
                <Button variant="outline" onClick={markDone}>
                  {t('forfait.actions.markDone')}
                </Button>
                <Button variant="subtle" color="red" onClick={remove}>
                  {t('forfait.actions.delete')}
                </Button>
              </>
            )}
            {declaration.done && admin && (
              <Button
                variant="default"
                onClick={async () => {
                  await mutations.reopen.mutateAsync(declaration.id);
                  toast.success(t('detail.toasts.reopened'));
                }}
              >
                {t('forfait.actions.reopen')}
              </Button>
            )}
          </Group>
        }
      />
      <AuditHistory
        queryKey={declarationsKeys.history(declaration.id)}
        fetchPage={fetchDeclarationHistory(declaration.id)}
      />
    </Stack>
  );
}

function ForfaitHeader(props: {
  back: string;
  establishmentName: string;
  period: Period | null;
  deadline: string | null;
  badges: ReactNode;
}) {
  const { t } = useDeclarationsTexts();
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={props.back} size="sm">
        <Group gap={4} component="span">
          <ArrowLeft size={16} aria-hidden />
          {t('detail.back')}
        </Group>
      </Anchor>
      <Group gap="sm">
        <Title order={1}>{t('forfait.title')}</Title>
        {props.badges}
      </Group>
      <Text c="dimmed">{t('detail.establishment', { name: props.establishmentName })}</Text>
      {props.period && (
        <Text fw={600} data-testid="forfait-period">
          {t('forfait.period', {
            begin: frenchDate(props.period.beginDate),
            end: frenchDate(props.period.endDate),
          })}
        </Text>
      )}
      {props.deadline && (
        <Text size="sm" c="dimmed" data-testid="forfait-deadline">
          {t('forfait.deadline', { date: frenchDate(props.deadline) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The opening periods (at least one, inside the collection period) and the capacity in the nature's unit, with
 * the forfait computed as the host types (a draft) or as stored (done).
 */
function ForfaitForm(props: {
  collection: Period;
  forfait: DeclarationForfait | null;
  rule: CapacityRule;
  type: EstablishmentType | null;
  deliberation: DeliberationTable | null;
  readOnly: boolean;
  /** The declaration as stored: its amounts once done, and the values a save answers. */
  stored: (Declaration & { forfait: DeclarationForfait }) | null;
  onSubmit: (body: ForfaitDeclarationUpdate) => Promise<unknown>;
  actions: ReactNode;
}) {
  const { t } = useDeclarationsTexts();
  const { beginDate, endDate } = props.collection;
  const schema = useMemo(() => forfaitFormSchema({ beginDate, endDate }), [beginDate, endDate]);
  const form = useKitForm<ForfaitFormValues, ForfaitDeclarationUpdate>({
    schema,
    defaultValues: forfaitFormValuesOf(props.forfait),
  });
  // A save answers the stored declaration: the form shows what was stored, and starts clean from it.
  const updatedAt = useRef(props.stored?.updatedAt);
  useEffect(() => {
    if (!props.stored || props.stored.updatedAt === updatedAt.current) return;
    updatedAt.current = props.stored.updatedAt;
    form.reset(forfaitFormValuesOf(props.stored.forfait));
  }, [props.stored, form]);
  const values = useFormValues(form);
  const openings = values.openingPeriods;
  const { stored } = props;
  const lines =
    stored?.done || (stored && !props.deliberation)
      ? storedForfait(stored)
      : liveForfait(values, props.collection, props.rule, props.type, props.deliberation);
  const note = stored?.done
    ? t('forfait.amounts.stored')
    : props.deliberation
      ? t('forfait.amounts.live')
      : t('forfait.amounts.saveToSee');

  const add = () => form.setValue('openingPeriods', [...openings, { from: null, to: null }]);
  const remove = (index: number) =>
    form.setValue(
      'openingPeriods',
      openings.filter((_, i) => i !== index),
    );

  return (
    <div className={classes.layout}>
      <Paper withBorder p="md">
        <Form form={form} onSubmit={props.onSubmit} actions={props.actions} aria-label={t('forfait.title')}>
          <Stack gap="md">
            <Text size="sm">{t('forfait.intro')}</Text>
            <Stack
              gap="xs"
              component="section"
              aria-labelledby="forfait-openings-title"
              className={classes.openings}
            >
              <Title order={2} size="h5" id="forfait-openings-title">
                {t('forfait.openingTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('forfait.openingHelp')}
              </Text>
              {/* No bounds on the dates: a date outside the period is kept and explained, not dropped. */}
              {openings.map((opening, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an opening period is its position in the list
                <div key={index} className={classes.opening} data-opening={index}>
                  <DateField
                    name={`openingPeriods.${index}.from`}
                    label={t('forfait.from', { n: index + 1 })}
                    defaultMonth={beginDate}
                    required={!props.readOnly}
                    readOnly={props.readOnly}
                  />
                  <DateField
                    name={`openingPeriods.${index}.to`}
                    label={t('forfait.to', { n: index + 1 })}
                    defaultMonth={opening.from ?? beginDate}
                    required={!props.readOnly}
                    readOnly={props.readOnly}
                  />
                  {!props.readOnly && openings.length > 1 ? (
                    <Button
                      variant="subtle"
                      color="red"
                      leftSection={<Trash2 size={16} aria-hidden />}
                      onClick={() => remove(index)}
                      aria-label={t('forfait.remove', { n: index + 1 })}
                    >
                      {t('forfait.removeShort')}
                    </Button>
                  ) : (
                    <span />
                  )}
                </div>
              ))}
              {!props.readOnly && (
                <Group>
                  <Button variant="default" leftSection={<Plus size={16} aria-hidden />} onClick={add}>
                    {t('forfait.add')}
                  </Button>
                </Group>
              )}
            </Stack>
            <Stack gap="xs" component="section" aria-labelledby="forfait-capacity-title">
              <Title order={2} size="h5" id="forfait-capacity-title">
                {t('forfait.capacityTitle')}
              </Title>
              <div className={classes.capacity}>
                <NumberField
                  name="capacity"
                  label={capacityLabel(props.rule)}
                  description={t('forfait.rule', { rule: props.rule.ruleLabel })}
                  allowNegative={false}
                  allowDecimal={false}
                  min={1}
                  required={!props.readOnly}
                  readOnly={props.readOnly}
                />
              </div>
            </Stack>
          </Stack>
        </Form>
      </Paper>
      <ForfaitAmounts
        lines={lines}
        note={note}
        empty={props.deliberation ? t('forfait.amounts.invalid') : t('forfait.amounts.saveToSee')}
      />
    </div>
  );
}
