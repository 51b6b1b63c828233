import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type AmountExplanation, formatEuros, formatInteger } from '@sejour/domain';
import { useDeclarationsTexts } from './texts';

interface Amounts {
  taxableNights: number;
  cc: number;
  moselle: number;
  total: number;
}

/**
 * The amount and how it was reached: taxable person-nights, unit tariffs (per band for an unclassified let, with
 * the cap when it applied), each component and the total; platform nights shown apart, never charged. A draft
 * is explained by the live computation, a done declaration by the tariffs it keeps.
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
            {tax?.regime === 'classified' && (
              <Text size="sm" c="dimmed">
                {t('detail.amounts.unit', {
                  cc: formatEuros(tax.tariffs.cc),
                  moselle: formatEuros(tax.tariffs.moselle),
                })}
              </Text>
            )}
            {tax?.regime === 'proportional' &&
              (['inf', 'sup'] as const)
                .filter((band) => tax.bands[band].nights > 0)
                .map((band) => (
                  <Text size="sm" c="dimmed" key={band}>
                    {t('detail.amounts.unitBand', {
                      band: t(band === 'inf' ? 'detail.bandInf' : 'detail.bandSup', {
                        threshold: formatEuros(props.threshold),
                      }),
                      cc: formatEuros(tax.bands[band].tariffs.cc),
                      moselle: formatEuros(tax.bands[band].tariffs.moselle),
                    })}
                    {tax.bands[band].capped
                      ? ` (${tax.cap === undefined ? t('detail.amounts.capped') : t('detail.amounts.cappedAt', { cap: formatEuros(tax.cap) })})`
                      : ''}
                  </Text>
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
