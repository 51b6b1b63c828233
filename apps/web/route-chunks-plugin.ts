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
  /** The screen's opening texts, resolved in French (`ScreenOpening` in `src/ui/feature.ts`). */
  opening?: OpeningTexts;
}

/** A screen's title and lead as the server writes them into the page. */
export interface OpeningTexts {
  title: string;
  /** The title has values only the screen knows: the server keeps its room, unseen. */
  titleReserved?: boolean;
  lead?: string;
}

/** What `.vite/routes.json` holds. */
export interface RouteChunks {
  /** The app's module (router, Mantine, queries), loaded lazily by the entry on every address but the login. */
  app: string;
  /** The signed-in shell's module (lazy, around every screen). */
  shell: string;
  routes: RouteChunk[];
}

/**
 * A route of a feature's manifest:
 * `path: '…', [access: '…',] [opening: { title: '…'[, lead: '…'] },] Component: lazyScreen(() => import('./X')…)`.
 */
const ROUTE =
  /path:\s*'([^']+)',\s*(access:\s*'\w+',\s*)?(?:opening:\s*\{([^}]*)\},\s*)?Component:\s*lazyScreen\(\s*\(\)\s*=>\s*import\('\.\/([\w-]+)'\)/g;
const OPENING = /^\s*title:\s*'([\w.:-]+)'\s*(?:,\s*lead:\s*'([\w.:-]+)'\s*)?,?\s*$/;
const VALUES = /\{\{\s*\w+\s*\}\}/g;
const HAS_VALUE = /\{\{\s*\w+\s*\}\}/;

type TextTree = { [key: string]: string | TextTree };

/** The French text of `key` (`namespace:a.b`), from the namespace's catalogues; throws when there is none. */
function textOf(src: string, key: string): string {
  const [namespace, path] = key.split(':');
  if (!namespace || !path) throw new Error(`Opening text ${key}: write it as namespace:key.`);
  const files = [
    join(src, namespace, 'fr-FR.json'),
    join(src, namespace, 'nav.fr-FR.json'),
    join(src, 'i18n', 'fr-FR', `${namespace}.json`),
  ];
  for (const file of files) {
    let node: string | TextTree | undefined;
    try {
      node = JSON.parse(readFileSync(file, 'utf8')) as TextTree;
    } catch {
      continue;
    }
    for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string') return node;
  }
  throw new Error(`Opening text ${key}: no such text in ${namespace}'s catalogues.`);
}

/** A route's `opening: { … }` read and its texts resolved; undefined without one. */
function openingOf(src: string, where: string, body: string | undefined): OpeningTexts | undefined {
  if (body === undefined) return undefined;
  const keys = body.match(OPENING);
  if (!keys?.[1])
    throw new Error(`${where}: write an opening as opening: { title: 'ns:key', lead: 'ns:key' }.`);
  const title = textOf(src, keys[1]);
  const opening: OpeningTexts = { title: title.replace(VALUES, '').trim() };
  if (HAS_VALUE.test(title)) opening.titleReserved = true;
  if (keys[2]) {
    const lead = textOf(src, keys[2]);
    if (HAS_VALUE.test(lead)) throw new Error(`${where}: an opening's lead cannot hold values (${keys[2]}).`);
    opening.lead = lead;
  }
  return opening;
}

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
    const where = `src/${folder.name}/feature.ts`;
    const found = [...text.matchAll(ROUTE)].map(([, path, access, opening, module]) => {
      const route: RouteChunk = {
        path: path as string,
        source: `src/${folder.name}/${module}.tsx`,
        inShell: !access,
      };
      const texts = openingOf(src, where, opening);
      if (texts) route.opening = texts;
      return route;
    });
    const lazy = text.match(/Component:\s*lazyScreen\(/g)?.length ?? 0;
    if (found.length !== lazy) {
      throw new Error(
        `${where}: ${lazy} lazy routes, ${found.length} read. Write each as path: '…', [access: '…',] [opening: { … },] Component: lazyScreen(() => import('./XPage')…) so the server can preload its code.`,
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
