import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../http/escape-html';

/** A chunk of Vite's manifest (`.vite/manifest.json`), the fields read here. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** What the web build's route plugin writes in `.vite/routes.json` (`apps/web/route-chunks-plugin.ts`). */
interface RouteChunks {
  app: string;
  shell: string;
  routes: { path: string; source: string; inShell: boolean; opening?: Opening }[];
}

/** A screen's title and lead in French, as the build resolved them (`ScreenOpening` in the web app). */
interface Opening {
  title: string;
  titleReserved?: boolean;
  lead?: string;
}

interface RouteLinks {
  segments: string[];
  links: string;
  inShell: boolean;
  opening: string;
}

/** The shell's static frame in `index.html`, shown before the scripts run: only right inside the shell. */
const STATIC_SHELL = /<!--static-shell-->[\s\S]*?<!--\/static-shell-->/;

/** Where the static frame holds the screen's opening. */
const OPENING_SLOT = '<!--screen-opening-->';

/** The screen's title and lead as its first render draws them (a Title, a dimmed Text), in the frame's classes. */
function openingHtml(opening: Opening | undefined): string {
  if (!opening) return '';
  const reserved = opening.titleReserved ? ' data-reserved' : '';
  const lead = opening.lead ? `<p class="static-shell-lead">${escapeHtml(opening.lead)}</p>` : '';
  return `<div><h1 class="static-shell-title"${reserved}>${escapeHtml(opening.title)}</h1>${lead}</div>`;
}

/** A chunk's file, its static imports (transitively) and their stylesheets, in load order. */
function closure(manifest: Record<string, ManifestChunk>, key: string, into: Set<string>, seen: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into, seen);
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
}

/**
 * On a screen inside the shell, the page's scripts and the screens' stylesheets are fetched at low priority:
 * the static frame and the screen's opening paint with the page's own stylesheet alone, and the app's files,
 * which compete with it for a phone's bandwidth, come after it (docs/decisions/0165). The login and the public
 * pages are drawn by the scripts: theirs keep the browser's priority.
 */
const LOW_PRIORITY = ' fetchpriority="low"';

const linkTo = (file: string, priority: string) =>
  file.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin${priority} href="/${file}">`
    : `<link rel="modulepreload" crossorigin${priority} href="/${file}">`;

/** The entry's own `<script>` and Vite's module preloads in `index.html`, at low priority. */
const withScriptsAtLowPriority = (html: string) =>
  html.replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag}${LOW_PRIORITY}`);

/** How well `segments` (a route's pattern) fits `path`: -1 when not at all, more for more fixed segments. */
function fit(segments: string[], path: string[]): number {
  if (segments.length !== path.length) return -1;
  let score = 0;
  for (const [i, segment] of segments.entries()) {
    if (segment.startsWith(':')) continue;
    if (segment !== path[i]) return -1;
    score += 1;
  }
  return score;
}

/**
 * The page sent for an address of the app: `index.html` with the address's chunks listed for preloading
 * (the app's, the shell's and the screen's modules and stylesheets, less what the entry already loads), so
 * they download beside the entry instead of after it has run and asked for them. The shell's static frame
 * stays in the page only for an address inside the shell, with the screen's opening (its title and lead)
 * where the screen draws them, so a phone shows them before the scripts arrive. Without the build's manifest or route list,
 * every address gets `index.html` without the frame.
 */
export function routePages(root: string): (urlPath: string) => string {
  const withShell = readFileSync(join(root, 'index.html'), 'utf8');
  const html = withShell.replace(STATIC_SHELL, '');
  let manifest: Record<string, ManifestChunk>;
  let chunks: RouteChunks;
  try {
    manifest = JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8'));
    chunks = JSON.parse(readFileSync(join(root, '.vite', 'routes.json'), 'utf8'));
  } catch {
    return () => html;
  }
  const entryFiles = new Set<string>();
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entry) closure(manifest, entry, entryFiles, new Set());
  const routes: RouteLinks[] = chunks.routes.map((route) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    closure(manifest, chunks.app, files, seen);
    if (route.inShell) closure(manifest, chunks.shell, files, seen);
    closure(manifest, route.source, files, seen);
    const priority = route.inShell ? LOW_PRIORITY : '';
    const links = [...files].filter((file) => !entryFiles.has(file)).map((file) => linkTo(file, priority));
    return {
      segments: route.path.split('/'),
      links: links.map((link) => `    ${link}\n`).join(''),
      inShell: route.inShell,
      opening: route.inShell ? openingHtml(route.opening) : '',
    };
  });
  const pages = new Map<string, string>();
  return (urlPath) => {
    const path = urlPath.split('/').filter(Boolean);
    let best: RouteLinks | undefined;
    let bestFit = -1;
    for (const route of routes) {
      const score = fit(route.segments, path);
      if (score > bestFit) [best, bestFit] = [route, score];
    }
    if (!best) return html;
    const key = `${best.inShell}${best.links}${best.opening}`;
    let page = pages.get(key);
    if (page === undefined) {
      page = (
        best.inShell ? withScriptsAtLowPriority(withShell.replace(OPENING_SLOT, best.opening)) : html
      ).replace('</head>', `${best.links}  </head>`);
      pages.set(key, page);
    }
    return page;
  };
}
