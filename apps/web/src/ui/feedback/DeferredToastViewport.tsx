import { notificationsStore } from '@mantine/notifications';
import { type ComponentType, useEffect, useSyncExternalStore } from 'react';

// The module is loaded by hand and handed over through a store rather than with `lazy` and `Suspense`, as
// the modals' provider is (docs/decisions/0114-front-end-weight.md): a boundary's retry can wait behind a
// route transition that is itself waiting, and the toasts would never show.
let viewport: ComponentType | null = null;
let loading = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function load() {
  if (loading) return;
  loading = true;
  import('./ToastViewport').then(
    (module) => {
      viewport = module.ToastViewport;
      for (const listener of listeners) listener();
    },
    // A failed download is tried again with the next toast.
    () => {
      loading = false;
    },
  );
}

const hasAToast = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/**
 * The app's `ToastViewport`, downloaded with the first toast rather than with every screen (Mantine's
 * notifications and their transitions). Toasts shown meanwhile wait in Mantine's store and appear when it
 * arrives; once there it stays.
 */
export function DeferredToastViewport() {
  const toastWaiting = useSyncExternalStore(notificationsStore.subscribe, hasAToast);
  const Loaded = useSyncExternalStore(subscribe, () => viewport);
  useEffect(() => {
    if (toastWaiting) load();
  }, [toastWaiting]);
  return Loaded ? <Loaded /> : null;
}
