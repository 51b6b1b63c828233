import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type AmountExplanation,
  type ExplainedAmounts,
  formatBasisPoints,
  formatEuros,
  formatInteger,
} from '@sejour/domain';
import { useDeclarationsTexts } from './texts';

interface Amounts {
  taxableNights: number;
  cc: number;
  moselle: number;
  total: number;
}

/**
 * The amount and how it was reached: for each band (or the whole month of a classified type), unit tariff ×
 * taxable person-nights = amount, for the community tax and for the departmental one, whose unit is rounded to
 * the cent per person-night — which is why its total is not exactly its rate of the community total. Every
 * figure comes from the engine (a draft's live computation, a done declaration's kept tariffs); this only
 * formats them. Platform nights are shown apart, never charged.
 */
export function AmountsPanel(props: {
  amounts: Amounts | null;
  explanation?: AmountExplanation | null;
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
            <Row label={t('detail.amounts.moselle')} value={formatEuros(amounts.moselle)} />
            <Row
              label={t('detail.amounts.total')}
              value={formatEuros(amounts.total)}
              strong
              testId="declaration-total"
            />
            {props.platformNights > 0 && (
              <Row label={t('detail.amounts.platform')} value={formatInteger(props.platformNights)} />
            )}
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
      <Text size="sm" c="dimmed" data-testid="explain-moselle">
        {t('detail.amounts.moselle')} : {product(line.tariffs.moselle, line.moselle)}
      </Text>
      {props.rounding && (
        <Text size="xs" c="dimmed" data-testid="explain-rounding">
          {props.rounding}
        </Text>
      )}
    </>
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
