import { join } from 'node:path';
import type { Plugin } from 'vite';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/;

/**
 * Mantine's ScrollArea (inside every `Table.ScrollContainer` and modal) imports one hook, `useMergeRefs`, from
 * `@floating-ui/react`, which brings the chunk that popovers share (floating-ui's positioning, ≈ 10 KiB gzip)
 * to screens that show no popover. This resolver gives ScrollArea that hook from `src/app/merge-refs.ts`
 * instead (docs/decisions/0114). Should Mantine stop importing it, nothing matches and the bundle is as before.
 */
export function scrollAreaRefsPlugin(root: string): Plugin {
  const shim = join(root, 'src', 'app', 'merge-refs.ts');
  return {
    name: 'sejour-scroll-area-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return shim;
      return null;
    },
  };
}
