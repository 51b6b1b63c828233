import { useCallback, useState } from 'react';

/** A module downloaded when first needed (see `onDemand`). */
export interface OnDemand<T> {
  load(): Promise<T>;
  loaded(): T | undefined;
}

/**
 * A module downloaded when first needed rather than with the screen: one download shared by every caller, a
 * failed one tried again at the next call, and the module at hand synchronously once it has arrived.
 */
export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load(): Promise<T> {
      loading ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded(): T | undefined {
      return loaded;
    },
  };
}

/**
 * An on-demand module in a component: the module once it has arrived (at once if an earlier screen brought
 * it), and `need()` to ask for it — when the pointer or the focus comes, or on opening. `need()` rejects when
 * the download fails, and the next call tries again; the caller decides what the person sees meanwhile.
 */
export function useOnDemand<T>(demand: OnDemand<T>): { module: T | undefined; need: () => Promise<T> } {
  const [module, setModule] = useState<T | undefined>(demand.loaded);
  const need = useCallback(
    () =>
      demand.load().then((arrived) => {
        setModule(() => arrived);
        return arrived;
      }),
    [demand],
  );
  return { module, need };
}
