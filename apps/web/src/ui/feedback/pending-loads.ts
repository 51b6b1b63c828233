/**
 * How many screens' code is downloading now: `lazyScreen` counts its loads here, and the navigation's
 * progress bar reads the count (`useSyncExternalStore`). A load starts while the router renders, so
 * listeners hear of a change a microtask later, never during another component's render.
 */
let pending = 0;
const listeners = new Set<() => void>();

function notify() {
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

/** Counts `load` as pending until it settles; returns it. */
export function trackLoad<T>(load: Promise<T>): Promise<T> {
  pending += 1;
  notify();
  const settle = () => {
    pending -= 1;
    notify();
  };
  load.then(settle, settle);
  return load;
}

export function subscribePendingLoads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pendingLoads(): number {
  return pending;
}
