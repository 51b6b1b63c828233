import { Badge } from '@mantine/core';
import type { PricingState } from '@sejour/domain';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PricingState, string> = { past: 'gray', current: 'green', future: 'sejour' };

/** Past / current / future, as the server computed it on the collectivity's today. */
export function PricingStateBadge({ state }: { state: PricingState }) {
  const { t } = useTranslation('pricings');
  return (
    <Badge
      color={COLORS[state]}
      variant={state === 'current' ? 'filled' : 'light'}
      data-state={state}
      style={{ minWidth: 'max-content' }}
    >
      {t(`state.${state}`)}
    </Badge>
  );
}
