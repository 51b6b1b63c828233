import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type AmountExplanation,
  type ComponentKind,
  componentInfo,
  EXEMPTION_REASON_LABELS,
  EXEMPTION_REASONS,
  type ExemptionsByReason,
  type ExplainedAmounts,
  formatBasisPoints,
  formatEuros,
  formatInteger,
} from '@sejour/domain';
import type { PanelAmounts } from './form';
import { useDeclarationsTexts } from './texts';

/**
 * The amount and how it was reached: for each band (or the whole month of a classified type), unit tariff ×
 * taxable person-nights = amount, for the community tax and for each additional component of the deliberation
 * (the departmental one alone, for most), whose unit is rounded to the cent per person-night — which is why
 * its total is not exactly its rate of the community total. Exempted person-nights by reason when the
 * declaration has them. Every
 * figure comes from the engine (a draft's live computation, a done declaration's kept tariffs); this only
 * formats them. Platform nights are shown apart, never charged.
 */
export function AmountsPanel(props: {
  amounts: PanelAmounts | null;
  explanation?: AmountExplanation | null;
  /** Exempted person-nights by legal reason, when the register (or the stored declaration) has them. */
  reasons?: ExemptionsByReason | null;
  platformNights: number;
  /** The pricing's band threshold, in cents per night. */
  threshold: number;
  note: string;
}) {
  const { t } = useDeclarationsTexts();
  const { amounts, explanation: tax } = props;
  return (
    <Paper withBorder p="md" aria-live="polite" data-testid="declaration-amounts">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('detail.amounts.title')}
        </Title>
        {amounts === null ? (
          <Text c="dimmed">{t('detail.amounts.invalid')}</Text>
        ) : (
          <>
            <Row label={t('detail.amounts.taxable')} value={formatInteger(amounts.taxableNights)} />
            {tax?.regime === 'classified' && tax.taxableNights > 0 && <Computation line={tax} />}
            {tax?.regime === 'proportional' &&
              (['inf', 'sup'] as const)
                .filter((band) => tax.bands[band].nights > 0)
                .map((band) => (
                  <Stack gap={2} key={band} data-testid={`explain-${band}`}>
                    <Text size="sm" fw={600}>
                      {t(band === 'inf' ? 'detail.bandInf' : 'detail.bandSup', {
                        threshold: formatEuros(props.threshold),
                      })}
                    </Text>
                    <Computation
                      line={tax.bands[band]}
                      capped={
                        tax.bands[band].capped
                          ? tax.cap === undefined
                            ? t('detail.amounts.capped')
                            : t('detail.amounts.cappedAt', { cap: formatEuros(tax.cap) })
                          : undefined
                      }
                      rounding={
                        tax.departmentalRate === undefined
                          ? t('detail.amounts.roundingKept', {
                              unit: formatEuros(tax.bands[band].tariffs.moselle),
                              cc: formatEuros(tax.bands[band].tariffs.cc),
                            })
                          : t('detail.amounts.rounding', {
                              unit: formatEuros(tax.bands[band].tariffs.moselle),
                              rate: formatBasisPoints(tax.departmentalRate),
                              cc: formatEuros(tax.bands[band].tariffs.cc),
                            })
                      }
                    />
                  </Stack>
                ))}
            <Row label={t('detail.amounts.cc')} value={formatEuros(amounts.cc)} />
            {amounts.components ? (
              amounts.components.map(({ kind, amount }) => (
                <Row
                  key={kind}
                  label={componentLabel(kind, t('detail.amounts.moselle'))}
                  value={formatEuros(amount)}
                  testId={`component-${kind}`}
                />
              ))
            ) : (
              <Row label={t('detail.amounts.moselle')} value={formatEuros(amounts.moselle)} />
            )}
            <Row
              label={t('detail.amounts.total')}
              value={formatEuros(amounts.total)}
              strong
              testId="declaration-total"
            />
            {props.platformNights > 0 && (
              <Row label={t('detail.amounts.platform')} value={formatInteger(props.platformNights)} />
            )}
            {props.reasons && <Reasons reasons={props.reasons} />}
          </>
        )}
        <Text size="xs" c="dimmed">
          {props.note}
        </Text>
      </Stack>
    </Paper>
  );
}

/** "Part intercommunale : 0,46 € × 36 nuitées = 16,56 €", and the same for the departmental share. */
function Computation(props: { line: ExplainedAmounts; capped?: string | undefined; rounding?: string }) {
  const { t } = useDeclarationsTexts();
  const { line } = props;
  const nights = t('detail.amounts.nights', {
    count: line.taxableNights,
    nights: formatInteger(line.taxableNights),
  });
  const product = (unit: number, amount: number) =>
    t('detail.amounts.product', { unit: formatEuros(unit), nights, amount: formatEuros(amount) });
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="explain-cc">
        {t('detail.amounts.cc')} : {product(line.tariffs.cc, line.cc)}
        {props.capped ? ` (${props.capped})` : ''}
      </Text>
      {line.components ? (
        line.components.map((component) => (
          <Text
            key={component.kind}
            size="sm"
            c="dimmed"
            data-testid={component.kind === 'DEPARTMENTAL' ? 'explain-moselle' : `explain-${component.kind}`}
          >
            {componentLabel(component.kind, t('detail.amounts.moselle'))} :{' '}
            {product(component.unit, component.amount)}
          </Text>
        ))
      ) : (
        <Text size="sm" c="dimmed" data-testid="explain-moselle">
          {t('detail.amounts.moselle')} : {product(line.tariffs.moselle, line.moselle)}
        </Text>
      )}
      {props.rounding && (
        <Text size="xs" c="dimmed" data-testid="explain-rounding">
          {props.rounding}
        </Text>
      )}
    </>
  );
}

/** The departmental component keeps the screen's own wording; the others their name in the law. */
export function componentLabel(kind: ComponentKind, departmental: string): string {
  return kind === 'DEPARTMENTAL' ? departmental : componentInfo[kind].label;
}

/** Exempted person-nights by legal reason, the reasons with none left out. */
function Reasons(props: { reasons: ExemptionsByReason }) {
  const { t } = useDeclarationsTexts();
  const shown = EXEMPTION_REASONS.filter((reason) => props.reasons[reason] > 0);
  if (shown.length === 0) return null;
  return (
    <Stack gap={2} data-testid="exempted-by-reason">
      <Text size="sm" fw={600}>
        {t('detail.amounts.exemptedByReason')}
      </Text>
      {shown.map((reason) => (
        <Row
          key={reason}
          label={EXEMPTION_REASON_LABELS[reason]}
          value={formatInteger(props.reasons[reason])}
        />
      ))}
    </Stack>
  );
}

function Row(props: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={props.strong ? 700 : undefined}>
        {props.label}
      </Text>
      <Text size="sm" fw={props.strong ? 700 : undefined} data-testid={props.testId}>
        {props.value}
      </Text>
    </Group>
  );
}
