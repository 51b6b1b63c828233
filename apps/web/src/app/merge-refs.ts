import { type Ref, type RefCallback, useCallback, useMemo, useRef } from 'react';

/**
 * `useMergeRefs` of @floating-ui/react 0.27 (MIT licence, © Floating UI contributors), the one hook Mantine's
 * ScrollArea imports from it. `scroll-area-refs-plugin.ts` hands it to ScrollArea so that a screen with a
 * table or a dialog does not download floating-ui's positioning code (docs/decisions/0114). Same behaviour:
 * one memoized callback ref that sets every ref, runs their cleanups, or null when every ref is null.
 */
export function useMergeRefs<Instance>(refs: Array<Ref<Instance> | undefined>): null | RefCallback<Instance> {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback((instance: Instance) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const refCleanup = ref(instance);
        return typeof refCleanup === 'function' ? refCleanup : () => void ref(null);
      }
      (ref as { current: Instance | null }).current = instance;
      return () => {
        (ref as { current: Instance | null }).current = null;
      };
    });
    return () => {
      for (const refCleanup of cleanups) refCleanup?.();
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are the dependencies, as in the original.
  }, refs);
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: Instance | null) => {
      if (cleanupRef.current) {
        cleanupRef.current();
        cleanupRef.current = undefined;
      }
      if (value != null) cleanupRef.current = refEffect(value);
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are the dependencies, as in the original.
  }, refs);
}
