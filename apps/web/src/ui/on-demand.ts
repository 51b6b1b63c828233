import { type ComponentType, createElement, lazy, useCallback, useState } from 'react';

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

/**
 * A component whose module comes on demand, for React: rendered at once when the module has already arrived,
 * through `React.lazy` otherwise. `React.lazy` alone suspends on its first render even when the module is there,
 * and its Suspense boundary's fallback then replaces what the screen showed for at least 300 ms (React holds a
 * fallback it has revealed that long before it shows the content). Which of the two is decided once per mount:
 * switching would remount the component and lose its state.
 */
export function onDemandComponent<M, P extends object>(
  demand: OnDemand<M>,
  component: (module: M) => ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazy(() => demand.load().then((module) => ({ default: component(module) })));
  function OnDemandComponent(props: P) {
    const [arrived] = useState(() => {
      const module = demand.loaded();
      return module === undefined ? undefined : component(module);
    });
    return createElement((arrived ?? Lazy) as ComponentType<P>, props);
  }
  return OnDemandComponent;
}
