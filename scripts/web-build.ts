/**
 * The web app's build as the bundle budgets read it (`apps/web/dist`): its manifest and each screen's first
 * visit sized in gzip. Shared by `check-bundle-budget.ts` and the bench, so both count the same files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstVisits, type Manifest, sizeVisits, type VisitSize } from './bundle-budget';

export const WEB_DIST = join(import.meta.dirname, '..', 'apps', 'web', 'dist');

/**
 * The screens' modules the build lists in `.vite/routes.json` (`apps/web/route-chunks-plugin.ts`) as
 * outside the shell: public pages, which do not load it. Empty without that file (an older build).
 */
function outsideShell(dist: string): Set<string> {
  let routes: { source: string; inShell: boolean }[];
  try {
    routes = (
      JSON.parse(readFileSync(join(dist, '.vite', 'routes.json'), 'utf8')) as { routes: typeof routes }
    ).routes;
  } catch {
    return new Set();
  }
  const inShell = new Set(routes.filter((route) => route.inShell).map((route) => route.source));
  return new Set(routes.filter((route) => !inShell.has(route.source)).map((route) => route.source));
}

/** Throws, saying to build first, when the build has no manifest. */
export function readWebBuild(dist: string = WEB_DIST): { manifest: Manifest; visits: VisitSize[] } {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new Error(`no manifest in ${dist}/.vite: build the web app first (npm run build)`);
  }
  const visits = sizeVisits(
    firstVisits(manifest, undefined, outsideShell(dist)),
    (file) => gzipSync(readFileSync(join(dist, file))).length,
  );
  return { manifest, visits };
}
