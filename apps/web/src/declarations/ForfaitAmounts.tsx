import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatBasisPoints, formatEuros, formatInteger } from '@sejour/domain';
import { componentLabel } from './AmountsPanel';
import type { ForfaitLines } from './forfait-form';
import { useDeclarationsTexts } from './texts';

/** Charged person-nights may be fractional (an abatement of 30 % on 7 units): up to the basis point's digits. */
const unitNights = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 });

/**
 * The forfait and how it was reached: the capacity units (count × persons per unit), the nights open, the
 * abatement, the person-nights charged, then for the base tariff and each component, unit × person-nights =
 * amount, and the total. Every figure comes from the engine (a draft's live computation, or what the
 * declaration stored); this only formats them.
 */
export function ForfaitAmounts(props: { lines: ForfaitLines | null; note: string; empty: string }) {
  const { t } = useDeclarationsTexts();
  const { lines } = props;
  const charged = lines ? unitNights.format(lines.chargedUnitNights) : '';
  const product = (unit: number | null, amount: number) =>
    unit === null || !lines
      ? formatEuros(amount)
      : t('detail.amounts.product', {
          unit: formatEuros(unit),
          nights: t('detail.amounts.nights', { count: lines.chargedUnitNights, nights: charged }),
          amount: formatEuros(amount),
        });
  return (
    <Paper withBorder p="md" aria-live="polite" data-testid="declaration-amounts">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('forfait.amounts.title')}
        </Title>
        {lines === null ? (
          <Text c="dimmed">{props.empty}</Text>
        ) : (
          <>
            <Row label={t('forfait.amounts.capacity')} value={formatInteger(lines.capacity)} />
            <Row
              label={t('forfait.amounts.capacityUnits')}
              value={formatInteger(lines.capacityUnits)}
              testId="forfait-capacity-units"
              how={t('forfait.amounts.capacityUnitsHow', {
                capacity: formatInteger(lines.capacity),
                countLabel: lines.rule.countLabel,
                rule: lines.rule.ruleLabel,
              })}
            />
            <Row
              label={t('forfait.amounts.nights')}
              value={formatInteger(lines.nights)}
              testId="forfait-nights"
            />
            <Row
              label={t('forfait.amounts.abatement')}
              value={formatBasisPoints(lines.abatementRate)}
              testId="forfait-abatement"
            />
            <Row
              label={t('forfait.amounts.charged')}
              value={charged}
              testId="forfait-charged"
              how={t('forfait.amounts.chargedHow', {
                units: formatInteger(lines.capacityUnits),
                nights: formatInteger(lines.nights),
                rate: formatBasisPoints(lines.abatementRate),
              })}
            />
            <Row
              label={t('detail.amounts.cc')}
              value={formatEuros(lines.base.amount)}
              testId="forfait-base"
              how={product(lines.base.unit, lines.base.amount)}
            />
            {lines.components.map(({ kind, unit, amount }) => (
              <Row
                key={kind}
                label={componentLabel(kind, t('detail.amounts.moselle'))}
                value={formatEuros(amount)}
                testId={`component-${kind}`}
                how={product(unit, amount)}
              />
            ))}
            <Row
              label={t('detail.amounts.total')}
              value={formatEuros(lines.total)}
              strong
              testId="declaration-total"
            />
          </>
        )}
        <Text size="xs" c="dimmed">
          {props.note}
        </Text>
      </Stack>
    </Paper>
  );
}

function Row(props: { label: string; value: string; strong?: boolean; testId?: string; how?: string }) {
  return (
    <Stack gap={0}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={props.strong ? 700 : undefined}>
          {props.label}
        </Text>
        <Text size="sm" fw={props.strong ? 700 : undefined} data-testid={props.testId} ta="right">
          {props.value}
        </Text>
      </Group>
      {props.how && (
        <Text size="xs" c="dimmed" data-testid={props.testId ? `${props.testId}-how` : undefined}>
          {props.how}
        </Text>
      )}
    </Stack>
  );
}
