import type { PasswordEstimator } from '@sejour/domain';
import { useEffect } from 'react';
import { useOnDemand } from '../on-demand';
import { passwordEstimator } from './estimator';

/** The strength estimator, downloaded on first use (`passwordEstimator`); null while it downloads or if it could not. */
export function usePasswordEstimator(): PasswordEstimator | null {
  const { module, need } = useOnDemand(passwordEstimator);
  useEffect(() => {
    if (!module) need().catch(() => undefined);
  }, [module, need]);
  return module ?? null;
}
