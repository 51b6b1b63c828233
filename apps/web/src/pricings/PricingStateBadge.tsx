import { Badge } from '@mantine/core';
import type { PricingState } from '@sejour/domain';
import { usePricingsTexts } from './texts';

// `teal.9`: white on it passes WCAG AA (Mantine's default green does not).
const COLORS: Record<PricingState, string> = { past: 'gray', current: 'teal.9', future: 'sejour' };

/** Past / current / future, as the server computed it on the collectivity's today. */
export function PricingStateBadge({ state }: { state: PricingState }) {
  const { t } = usePricingsTexts();
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
