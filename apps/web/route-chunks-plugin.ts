import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** One route of the app as the server needs it to preload its code: the address and the module it loads. */
export interface RouteChunk {
  /** react-router's pattern without the leading slash (`declarations/:id`). */
  path: string;
  /** The route component's module, as the manifest names it (`src/home/HomePage.tsx`). */
  source: string;
  /** Whether the route renders inside the signed-in shell (a screen) or alone (a public page). */
  inShell: boolean;
}

/** What `.vite/routes.json` holds. */
export interface RouteChunks {
  /** The app's module (router, Mantine, queries), loaded lazily by the entry on every address but the login. */
  app: string;
  /** The signed-in shell's module (lazy, around every screen). */
  shell: string;
  routes: RouteChunk[];
}

/** A route of a feature's manifest: `path: '…', [access: '…',] Component: lazyScreen(() => import('./X')…)`. */
const ROUTE =
  /path:\s*'([^']+)',\s*(access:\s*'\w+',\s*)?Component:\s*lazyScreen\(\s*\(\)\s*=>\s*import\('\.\/([\w-]+)'\)/g;

/** Every feature's routes, read from `src/<feature>/feature.ts`. Throws when a lazy route escapes the pattern. */
export function readRouteChunks(appRoot: string): RouteChunk[] {
  const src = join(appRoot, 'src');
  const routes: RouteChunk[] = [];
  for (const folder of readdirSync(src, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    let text: string;
    try {
      text = readFileSync(join(src, folder.name, 'feature.ts'), 'utf8');
    } catch {
      continue;
    }
    if (!text.includes('defineFeature({')) continue;
    const found = [...text.matchAll(ROUTE)].map(([, path, access, module]) => ({
      path: path as string,
      source: `src/${folder.name}/${module}.tsx`,
      inShell: !access,
    }));
    const lazy = text.match(/Component:\s*lazyScreen\(/g)?.length ?? 0;
    if (found.length !== lazy) {
      throw new Error(
        `src/${folder.name}/feature.ts: ${lazy} lazy routes, ${found.length} read. Write each as path: '…', [access: '…',] Component: lazyScreen(() => import('./XPage')…) so the server can preload its code.`,
      );
    }
    routes.push(...found);
  }
  return routes;
}

/**
 * Writes `.vite/routes.json` beside Vite's manifest: the server reads both to list, in the page it sends
 * for an address, the chunks of that address's screen (`<link rel="modulepreload">`), so they download
 * with the entry instead of after it has run.
 */
export function routeChunksPlugin(appRoot: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'sejour-route-chunks',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      // The entry renders the login form by itself (`src/app/Boot.tsx`): that address needs nothing more.
      const routes = readRouteChunks(appRoot).filter((route) => route.path !== 'login');
      const chunks: RouteChunks = { app: 'src/app/App.tsx', shell: 'src/app/shell/Shell.tsx', routes };
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, '.vite', 'routes.json'), `${JSON.stringify(chunks, null, 2)}\n`);
    },
  };
}
