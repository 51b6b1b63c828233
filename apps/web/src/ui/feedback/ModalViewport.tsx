import { type ComponentType, useSyncExternalStore } from 'react';

type Host = ComponentType<{ onReady: () => void }>;

// Mantine's modal stack (dialog, scroll area, focus trap, scroll lock: ~20 KiB gzip) is only downloaded when
// a screen first asks for a confirmation, not with every screen. The module is loaded by hand and its
// component handed over through an external store, not with `lazy` and `Suspense`: a Suspense boundary's
// retry can wait behind a route transition that is itself waiting, and the dialog would never open.
let host: Host | null = null;
let ready: Promise<void> | null = null;
let resolveReady = () => {};
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const markReady = () => resolveReady();

/** Resolves once the modals' provider listens (`modals.open…` before that would be lost). */
export function whenModalsReady(): Promise<void> {
  if (!ready) {
    ready = new Promise((resolve, reject) => {
      resolveReady = resolve;
      import('./ModalsHost').then((module) => {
        host = module.ModalsHost;
        for (const listener of listeners) listener();
      }, reject);
    });
    // A failed download may be retried by the next confirmation.
    ready.catch(() => {
      ready = null;
    });
  }
  return ready;
}

/**
 * Where confirmation dialogs open; mount it once, in the app's providers. Renders nothing until the first
 * `confirmDelete`/`confirmAction` has downloaded Mantine's modals provider, then that provider.
 */
export function ModalViewport() {
  const Loaded = useSyncExternalStore(subscribe, () => host);
  return Loaded ? <Loaded onReady={markReady} /> : null;
}
