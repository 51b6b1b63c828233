import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  computePricingTable,
  type EstablishmentType,
  establishmentTypesByRank,
  type FieldErrors,
  type PricingDetail,
  type PricingPayload,
  parsePercentToBasisPoints,
} from '@sejour/domain';
import { CopyPlus, Save, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { confirmDelete } from '../ui/feedback/confirmDelete';
import { toast } from '../ui/feedback/toast';
import { usePricingMutations } from './api';
import {
  type PricingField,
  type PricingFormValues,
  periodForBounds,
  readPricingForm,
  rowField,
} from './form';
import { fieldId, PricingRowsEditor } from './PricingRowsEditor';
import { TaxCalculator } from './TaxCalculator';

type TopField = 'beginDate' | 'endDate' | 'threshold' | 'departmentalRate';

/** Every field in screen order: the first with an error gets the focus after a refused save. */
const FIELD_ORDER: PricingField[] = [
  'beginDate',
  'endDate',
  'threshold',
  'departmentalRate',
  ...establishmentTypesByRank().map(rowField),
];

interface Props {
  initial: PricingFormValues;
  /** The pricing being edited; absent when creating (or duplicating). */
  pricing?: PricingDetail;
  readOnly: boolean;
}

/**
 * The pricing form. Its errors are derived on every change from the domain (`readPricingForm`): the legal
 * rules tie fields together (a period changes every row's bounds, a category is compared with the one above),
 * so each render re-reads the whole table rather than validating one field at a time. A field shows its error
 * once changed or left, and every field after a save attempt; a server refusal shows on its field until that
 * field changes.
 */
export function PricingForm({ initial, pricing, readOnly }: Props) {
  const { t } = useTranslation('pricings');
  const navigate = useNavigate();
  const { create, update, remove } = usePricingMutations();
  const [values, setValues] = useState(initial);
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const reading = useMemo(() => readPricingForm(values), [values]);
  const table = useMemo(() => (reading.payload ? computePricingTable(reading.payload) : null), [reading]);
  const boundsPeriod = periodForBounds(values, new Date());
  const departmentalRate = parsePercentToBasisPoints(values.departmentalRate);

  const errorOf = (field: PricingField): string | undefined =>
    serverErrors[field] ?? (submitted || visited.has(field) ? reading.errors[field] : undefined);

  const touch = (field: PricingField) => setVisited((current) => new Set(current).add(field));

  const forgetServerError = (field: PricingField) => {
    setServerErrors((current) => {
      // The two dates make one period: an overlap or a lost month is fixed by either.
      const stale = field === 'beginDate' || field === 'endDate' ? ['beginDate', 'endDate'] : [field];
      if (!stale.some((key) => key in current)) return current;
      return Object.fromEntries(Object.entries(current).filter(([key]) => !stale.includes(key)));
    });
  };

  const setTop = (field: TopField, text: string) => {
    setValues((current) => ({ ...current, [field]: text }));
    touch(field);
    forgetServerError(field);
  };

  const setRow = (type: EstablishmentType, text: string) => {
    setValues((current) => ({ ...current, rows: { ...current.rows, [type]: text } }));
    touch(rowField(type));
    forgetServerError(rowField(type));
  };

  const onServerError = (error: unknown) => {
    if (error instanceof ApiError) {
      setServerErrors(error.errors ?? {});
      setFormError(error.message);
    } else {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  };

  const onSaved = (saved: PricingDetail, message: string) => {
    toast.success(message);
    setServerErrors({});
    setFormError(null);
    if (!pricing) navigate(`/pricings/${saved.id}`, { replace: true });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { payload, errors } = reading;
    if (!payload || Object.keys(errors).length > 0) {
      setFormError(t('detail.invalid'));
      const first = FIELD_ORDER.find((field) => errors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setFormError(null);
    save(payload);
  };

  const save = (payload: PricingPayload) => {
    if (pricing) {
      update.mutate(
        { id: pricing.id, payload },
        { onSuccess: (saved) => onSaved(saved, t('detail.saved')), onError: onServerError },
      );
    } else {
      create.mutate(payload, {
        onSuccess: (saved) => onSaved(saved, t('detail.created')),
        onError: onServerError,
      });
    }
  };

  const askDelete = async () => {
    if (!pricing || !(await confirmDelete())) return;
    remove.mutate(pricing.id, {
      onSuccess: () => {
        toast.success(t('detail.deleted'));
        navigate('/pricings', { replace: true });
      },
      onError: onServerError,
    });
  };

  const topInput = (
    field: TopField,
    label: string,
    extra: { description?: string; suffix?: string; type?: string },
  ) => (
    <TextInput
      id={fieldId(field)}
      label={label}
      description={extra.description}
      type={extra.type ?? 'text'}
      value={values[field]}
      onChange={(event) => setTop(field, event.currentTarget.value)}
      onBlur={() => touch(field)}
      error={errorOf(field)}
      readOnly={readOnly}
      withAsterisk={!readOnly}
      inputMode={extra.type ? undefined : 'decimal'}
      autoComplete="off"
      rightSection={extra.suffix ? <Text size="sm">{extra.suffix}</Text> : undefined}
    />
  );

  const inUse = pricing?.doneDeclarations ?? 0;
  const busy = create.isPending || update.isPending || remove.isPending;

  return (
    <Stack gap="lg">
      <form noValidate onSubmit={submit} aria-label={t('detail.title')}>
        <Stack gap="lg">
          <Paper component="section" withBorder p="md" aria-labelledby="pricing-period-title">
            <Title order={2} size="h3" id="pricing-period-title" mb="sm">
              {t('detail.periodTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
              {topInput('beginDate', t('detail.beginDate'), { type: 'date' })}
              {topInput('endDate', t('detail.endDate'), { type: 'date' })}
            </SimpleGrid>
            <Title order={3} size="h5" mb="xs">
              {t('detail.settingsTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {topInput('threshold', t('detail.threshold'), {
                description: t('detail.thresholdHelp'),
                suffix: '€',
              })}
              {topInput('departmentalRate', t('detail.departmentalRate'), {
                description: t('detail.departmentalRateHelp'),
                suffix: '%',
              })}
            </SimpleGrid>
          </Paper>

          <Paper component="section" withBorder p="md" aria-labelledby="pricing-rows-title">
            <Title order={2} size="h3" id="pricing-rows-title">
              {t('detail.rowsTitle')}
            </Title>
            <Text c="dimmed" size="sm" mb="sm">
              {t('detail.rowsIntro')}
            </Text>
            <PricingRowsEditor
              rows={values.rows}
              departmentalRate={departmentalRate}
              period={boundsPeriod}
              readOnly={readOnly}
              errorOf={errorOf}
              onChange={setRow}
              onBlur={touch}
            />
          </Paper>

          {formError && (
            <Alert color="red" role="alert" data-testid="pricing-form-error">
              {formError}
            </Alert>
          )}

          {!readOnly && (
            <Group gap="sm">
              <Button
                type="submit"
                loading={create.isPending || update.isPending}
                disabled={busy}
                leftSection={<Save size={18} aria-hidden />}
              >
                {pricing ? t('detail.save') : t('detail.create')}
              </Button>
              {pricing && (
                <>
                  <Button
                    variant="default"
                    leftSection={<CopyPlus size={18} aria-hidden />}
                    onClick={() => navigate(`/pricings/new?from=${pricing.id}`)}
                    disabled={busy}
                  >
                    {t('detail.duplicate')}
                  </Button>
                  <Button
                    variant="outline"
                    color="red"
                    leftSection={<Trash2 size={18} aria-hidden />}
                    onClick={askDelete}
                    disabled={busy || inUse > 0}
                    title={inUse > 0 ? t('detail.deleteDisabled') : undefined}
                    loading={remove.isPending}
                  >
                    {t('detail.delete')}
                  </Button>
                </>
              )}
            </Group>
          )}
        </Stack>
      </form>

      <TaxCalculator table={table} />
    </Stack>
  );
}
