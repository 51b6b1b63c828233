import { Button, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  COMPONENT_KINDS,
  computePricingTable,
  deliberationOfBody,
  type PricingBody,
  type PricingDetail,
  periodOneYearLater,
  type YearBounds,
  yearOfIsoDate,
} from '@sejour/domain';
import { CopyPlus, Save, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../ui/feedback/confirmDelete';
import { toast } from '../ui/feedback/toast';
import { DateField } from '../ui/fields/DateField';
import { NumberField } from '../ui/fields/NumberField';
import { useFormValues, useKitForm } from '../ui/form/engine';
import { Form } from '../ui/form/Form';
import { SubmitButton } from '../ui/form/SubmitButton';
import { useEnteredBounds, usePricingMutations } from './api';
import { componentRateField } from './deliberation-form';
import {
  boundsKnown,
  type PricingField,
  type PricingFormValues,
  periodForBounds,
  pricingFormSchemaWith,
  TYPED_DECIMALS,
} from './form';
import { PRICING_ROW_FIELDS, PricingRowsEditor } from './PricingRowsEditor';
import { TaxCalculator } from './TaxCalculator';
import { usePricingsTexts } from './texts';

/**
 * The deliberation's sections (taxes, periods, threshold) come with the form rather than before it: they are
 * the screen's own weight beyond the grid, and the form's schema judges their values whether they are shown yet.
 */
const DeliberationSections = lazy(() =>
  import('./DeliberationSections').then((module) => ({ default: module.DeliberationSections })),
);

/** Fields judged against the bounds of the period: checked again when the period changes. */
const TIED_FIELDS: PricingField[] = [
  'beginDate',
  'endDate',
  ...PRICING_ROW_FIELDS,
  ...COMPONENT_KINDS.map(componentRateField),
];

interface Props {
  initial: PricingFormValues;
  /** The pricing being edited; absent when creating (or duplicating). */
  pricing?: PricingDetail;
  readOnly: boolean;
}

/**
 * The pricing form, on the kit's form engine: number and date fields, the domain's schema as resolver (shape
 * and legal rules, as the server applies them), server refusals on their fields. The computed columns and
 * the calculator follow the values typed.
 */
const NO_ENTERED_YEARS: YearBounds[] = [];

export function PricingForm({ initial, pricing, readOnly }: Props) {
  const { t } = usePricingsTexts();
  const navigate = useNavigate();
  const { create, update, remove } = usePricingMutations();
  const entered = useEnteredBounds().data ?? NO_ENTERED_YEARS;
  const schema = useMemo(() => pricingFormSchemaWith(entered), [entered]);
  const form = useKitForm<PricingFormValues, PricingBody>({ defaultValues: initial, schema });
  const values = useFormValues(form);

  const table = useMemo(() => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return null;
    // The calculator computes with the deliberation being typed: its components, periods, threshold and forfait too.
    const deliberation = deliberationOfBody(parsed.data);
    return {
      ...computePricingTable(parsed.data),
      deliberation: {
        settings: deliberation.components,
        collectionPeriods: deliberation.collectionPeriods,
        lowRentThreshold: deliberation.lowRentThreshold,
        forfait: deliberation.forfait,
      },
    };
  }, [values, schema]);
  const boundsPeriod = periodForBounds(values, new Date());

  // The legal bounds are the period's: a new period re-judges every field already judged or left.
  const { beginDate, endDate } = values;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the period changes
  useEffect(() => {
    const judged = TIED_FIELDS.filter((name) => {
      const state = form.fieldState(name);
      return state.invalid || state.touched;
    });
    if (judged.length > 0) void form.validate(judged);
  }, [beginDate, endDate, form]);

  const submit = async (payload: PricingBody) => {
    if (pricing) {
      await update.mutateAsync({ id: pricing.id, payload });
      toast.success(t('detail.saved'));
    } else {
      const saved = await create.mutateAsync(payload);
      toast.success(t('detail.created'));
      void navigate(`/pricings/${saved.id}`, { replace: true });
    }
  };

  const askDelete = async () => {
    if (!pricing || !(await confirmDelete())) return;
    remove.mutate(pricing.id, {
      onSuccess: () => {
        toast.success(t('detail.deleted'));
        void navigate('/pricings', { replace: true });
      },
      onError: (error) => toast.error(error.message),
    });
  };

  const inUse = pricing?.doneDeclarations ?? 0;
  const nextYear = pricing ? periodOneYearLater(pricing) : null;
  const canDuplicate = nextYear !== null && boundsKnown(nextYear, entered);
  const busy = create.isPending || update.isPending || remove.isPending;

  const actions = readOnly ? undefined : (
    <>
      <SubmitButton disabled={remove.isPending} leftSection={<Save size={18} aria-hidden />}>
        {pricing ? t('detail.save') : t('detail.create')}
      </SubmitButton>
      {pricing && nextYear && (
        <>
          <Button
            variant="default"
            leftSection={<CopyPlus size={18} aria-hidden />}
            onClick={() => navigate(`/pricings/new?from=${pricing.id}`)}
            disabled={busy || !canDuplicate}
            aria-describedby={canDuplicate ? undefined : 'pricing-duplicate-why'}
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
          {!canDuplicate && (
            <Text size="sm" c="dimmed" id="pricing-duplicate-why" w="100%">
              {t('detail.duplicateUnavailable', { year: yearOfIsoDate(nextYear.beginDate) })}
            </Text>
          )}
        </>
      )}
    </>
  );

  return (
    <Stack gap="lg">
      <Form form={form} onSubmit={submit} aria-label={t('detail.title')} actions={actions}>
        <Stack gap="lg">
          <Paper component="section" withBorder p="md" aria-labelledby="pricing-period-title">
            <Title order={2} size="h3" id="pricing-period-title" mb="sm">
              {t('detail.periodTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
              <DateField name="beginDate" label={t('detail.beginDate')} required readOnly={readOnly} />
              <DateField name="endDate" label={t('detail.endDate')} required readOnly={readOnly} />
            </SimpleGrid>
            <Title order={3} size="h5" mb="xs">
              {t('detail.settingsTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberField
                name="threshold"
                label={t('detail.threshold')}
                description={t('detail.thresholdHelp')}
                required
                readOnly={readOnly}
                allowNegative={false}
                decimals={TYPED_DECIMALS}
                rightSection={<Text size="sm">€</Text>}
              />
            </SimpleGrid>
          </Paper>

          <Paper component="section" withBorder p="md" aria-labelledby="pricing-rows-title">
            <Title order={2} size="h3" id="pricing-rows-title">
              {t('detail.rowsTitle')}
            </Title>
            <Text c="dimmed" size="sm" mb="sm">
              {t('detail.rowsIntro')}
            </Text>
            <PricingRowsEditor values={values} period={boundsPeriod} entered={entered} readOnly={readOnly} />
          </Paper>

          <Suspense fallback={<Loader role="status" aria-label={t('common:loading')} />}>
            <DeliberationSections
              period={boundsPeriod}
              periods={values.collectionPeriods}
              forfait={values.forfait}
              readOnly={readOnly}
            />
          </Suspense>
        </Stack>
      </Form>

      <TaxCalculator table={table} />
    </Stack>
  );
}
