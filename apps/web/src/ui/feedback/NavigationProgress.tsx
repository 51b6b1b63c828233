import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n';
import { pendingLoads, subscribePendingLoads } from './pending-loads';
import { TopProgress } from './TopProgress';

/** Below this, a wait is not worth a bar that would only flash. */
const SHOW_AFTER_MS = 150;

/**
 * The bar shown while a navigation waits: the next screen's code downloading (the old screen stays meanwhile,
 * as the router renders in a transition), or data a screen has never had yet (a first load, not a refresh).
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const loads = useSyncExternalStore(subscribePendingLoads, pendingLoads);
  const firstFetches = useIsFetching({ predicate: (query) => query.state.data === undefined });
  const waiting = loads + firstFetches > 0;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!waiting) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return shown ? <TopProgress label={t('common:loading')} /> : null;
}
