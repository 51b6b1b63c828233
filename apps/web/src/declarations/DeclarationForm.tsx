import '@mantine/core/styles/Fieldset.css';
import { Alert, Fieldset, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DECLARATION_BANDS,
  DEFAULT_THRESHOLD_CENTS,
  type Declaration,
  type DeclarationBand,
  type DeliberationTable,
  declarationFieldsOf,
  declarationRegime,
  type EstablishmentType,
  type ExemptionsByReason,
  formatEuros,
  type PricingTable,
  storedExplanation,
} from '@sejour/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { Form, NumberField, useFormValues, useKitForm } from '../ui';
import { AmountsPanel } from './AmountsPanel';
import {
  type CountField,
  type DeclarationFormValues,
  declarationFormSchema,
  type EuroField,
  formValuesOf,
  formValuesOfFigures,
  liveAmounts,
  reasonsToSend,
  storedAmounts,
} from './form';
import { useDeclarationsTexts } from './texts';

/**
 * The figures of a month, as the establishment's regime asks them, with the amount computed live by the
 * domain's engine. `readOnly` for a host once the declaration is done.
 */
export function DeclarationForm(props: {
  type: EstablishmentType;
  declaration: Declaration | null;
  pricing: PricingTable | null;
  /** The month's deliberation: the live amount shows every component. */
  deliberation?: DeliberationTable | null;
  readOnly: boolean;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  actions: ReactNode;
  /** Figures computed from the register (cents): they replace what the form holds, which the host may still edit. */
  fill?: Partial<Record<CountField | EuroField, number>> | null;
  /** Exempted person-nights by reason the register computed with the figures. */
  fillReasons?: ExemptionsByReason | null;
  /** Under the figures, in the form's column (the register's action and the stays it used). */
  below?: ReactNode;
}) {
  const { t } = useDeclarationsTexts();
  const form = useKitForm<DeclarationFormValues, Record<string, number>>({
    schema: declarationFormSchema,
    defaultValues: formValuesOf(props.declaration),
  });
  // A save answers the stored declaration: the form shows what was stored, and starts clean from it.
  const stored = useRef(props.declaration?.updatedAt);
  useEffect(() => {
    if (!props.declaration || props.declaration.updatedAt === stored.current) return;
    stored.current = props.declaration.updatedAt;
    form.reset(formValuesOf(props.declaration));
  }, [props.declaration, form]);
  const { fill } = props;
  useEffect(() => {
    if (!fill) return;
    // Field by field: each change reaches the watchers, so the live amount follows.
    for (const [name, value] of Object.entries(formValuesOfFigures(fill))) {
      form.setValue(name, value);
    }
  }, [fill, form]);
  const values = useFormValues(form);
  const { declaration, pricing, type } = props;
  // A done declaration keeps its stored amounts (its tariffs are frozen); a draft is computed as typed.
  const live =
    !declaration?.done && pricing ? liveAmounts(type, values, pricing, props.deliberation ?? null) : null;
  const amounts = declaration?.done ? storedAmounts(declaration) : (live?.amounts ?? null);
  const reasons = props.fillReasons ?? declaration?.exemptionsByReason ?? null;
  const submit = (payload: Record<string, number>) => {
    const exemptionsByReason = reasonsToSend(reasons, payload);
    return props.onSubmit(exemptionsByReason ? { ...payload, exemptionsByReason } : payload);
  };

  const threshold = pricing?.threshold ?? DEFAULT_THRESHOLD_CENTS;
  const help = (name: CountField | EuroField) => {
    const key = HELP[name];
    return key ? t(key) : undefined;
  };
  const count = (name: CountField) => (
    <NumberField
      key={name}
      name={name}
      label={t(`detail.fields.${name}`, { threshold: formatEuros(threshold) })}
      description={help(name)}
      allowNegative={false}
      allowDecimal={false}
      min={0}
      readOnly={props.readOnly}
    />
  );
  const euros = (name: EuroField) => (
    <NumberField
      key={name}
      name={name}
      label={t(`detail.fields.${name}`, { threshold: formatEuros(threshold) })}
      description={help(name)}
      allowNegative={false}
      decimals={2}
      min={0}
      readOnly={props.readOnly}
    />
  );
  // The regime's own counts outside the bands, the platform's apart.
  const inBands = new Set<string>(Object.values(DECLARATION_BANDS).flatMap((band) => Object.values(band)));
  const direct = declarationFieldsOf(type).counts.filter(
    (name) => name !== 'platformNightsCount' && !inBands.has(name),
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Paper withBorder p="md" style={{ gridColumn: 'span 2' }} className="declaration-form">
        <Form form={form} onSubmit={submit} actions={props.actions} aria-label={t('detail.amounts.title')}>
          <Stack gap="md">
            <Alert color="blue" variant="light">
              {t('detail.direct')}
            </Alert>
            {declarationRegime(type) === 'proportional' && (
              <>
                <Stack gap={4} data-testid="bands-help">
                  <Text size="sm">{t('detail.bandsHelp')}</Text>
                  <Text size="sm" c="dimmed">
                    {t('detail.bandsExample')}
                  </Text>
                </Stack>
                {(Object.keys(DECLARATION_BANDS) as DeclarationBand[]).map((band) => {
                  const fields = DECLARATION_BANDS[band];
                  return (
                    <Band
                      key={band}
                      title={t(band === 'Inf' ? 'detail.bandInf' : 'detail.bandSup', {
                        threshold: formatEuros(threshold),
                      })}
                    >
                      {count(fields.nights)}
                      {count(fields.exempted)}
                      {euros(fields.rent)}
                      {euros(fields.exemptedRent)}
                    </Band>
                  );
                })}
              </>
            )}
            <Section title={t('detail.classified')}>{direct.map((name) => count(name))}</Section>
            <Section title={t('detail.platform')}>{count('platformNightsCount')}</Section>
          </Stack>
        </Form>
        {props.below}
      </Paper>
      <AmountsPanel
        amounts={amounts}
        explanation={declaration?.done ? storedExplanation(declaration) : (live?.explanation ?? null)}
        reasons={reasons}
        platformNights={values.platformNightsCount ?? 0}
        threshold={threshold}
        note={declaration?.done ? t('detail.amounts.stored') : t('detail.amounts.live')}
      />
    </SimpleGrid>
  );
}

/** The help under a field, where it has one. */
const HELP: Partial<Record<CountField | EuroField, string>> = {
  nightsCount: 'detail.help.nightsCount',
  exemptedCount: 'detail.help.exemptedCount',
  nightsCountInf: 'detail.help.bandNights',
  nightsCountSup: 'detail.help.bandNights',
  nightsCountInfMin: 'detail.help.exemptedCount',
  nightsCountSupMin: 'detail.help.exemptedCount',
  prixInf: 'detail.help.bandRent',
  prixSup: 'detail.help.bandRent',
  prixInfMin: 'detail.help.bandRentExempted',
  prixSupMin: 'detail.help.bandRentExempted',
};

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {props.title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {props.children}
      </SimpleGrid>
    </Stack>
  );
}

/** One rent band: its fields share plain labels ("Nuitées"), the band's name being the group's. */
function Band(props: { title: string; children: ReactNode }) {
  return (
    <Fieldset legend={props.title} variant="filled" styles={{ legend: { fontWeight: 600 } }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {props.children}
      </SimpleGrid>
    </Fieldset>
  );
}
