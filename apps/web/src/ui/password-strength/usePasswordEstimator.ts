import { loadPasswordEstimator, type PasswordEstimator } from '@sejour/domain';
import { useEffect, useState } from 'react';

/**
 * The strength estimator, loaded on first use: its dictionaries (~520 KB gzipped) are separate chunks that
 * only the password screens download. Null while they load (or if they could not be loaded).
 */
export function usePasswordEstimator(): PasswordEstimator | null {
  const [estimator, setEstimator] = useState<PasswordEstimator | null>(null);
  useEffect(() => {
    let alive = true;
    loadPasswordEstimator().then(
      (loaded) => {
        if (alive) setEstimator(loaded);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  return estimator;
}
