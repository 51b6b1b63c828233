/**
 * A module downloaded when first needed rather than with the screen: one download shared by every caller, a
 * failed one tried again at the next call, and the module at hand synchronously once it has arrived.
 */
export function onDemand<T>(importer: () => Promise<T>) {
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
