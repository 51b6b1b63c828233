/**
 * The browser's bundle budgets, over the manifest Vite writes (`apps/web/dist/.vite/manifest.json`): what
 * each screen's first visit downloads (JavaScript and CSS, gzip) against its budget. Pure: the caller hands
 * the manifest and a function that sizes a file; `scripts/check-bundle-budget.ts` runs it on the build.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const KIB = 1024;
/** Hosts declare from their phones: the login must come fast on a slow mobile network. */
export const LOGIN_BUDGET = 100 * KIB;
export const SCREEN_BUDGET = 250 * KIB;
/**
 * Requests (JavaScript and CSS files) a screen's first visit may make: each costs a round trip on a phone's
 * network, and the chunks of every first visit are grouped for it (`apps/web/chunk-groups.ts`). The login,
 * the entry alone, makes 4.
 */
export const SCREEN_MAX_FILES = 25;

/**
 * Screens allowed over the 250 KiB target for a while, each held at its last measured size (rounded up, plus
 * ~1 KiB): the check fails when one grows past its ceiling, and says when one is back under the target and
 * can leave this list (docs/performance.md, "Browser"). None today: the establishment, the last one over,
 * came back under it when the browser's build built the domain's schemas on first use and dropped those no
 * screen reads (`apps/web/lazy-schemas-plugin.ts`).
 */
export const OVER_TARGET_CEILINGS: Readonly<Record<string, number>> = {};

/**
 * The login route's module, used inside the app (after a logout). A first visit to /login does not load
 * it: the entry itself renders the login form (`apps/web/src/app/Boot.tsx`), so that visit is the entry.
 */
export const LOGIN_SOURCE = 'src/auth/LoginPage.tsx';
/** The shell around every signed-in screen (top bar, side bar), a lazy chunk of its own. */
export const SHELL_SOURCE = 'src/app/shell/Shell.tsx';
/** The lazily loaded screens: every route component is a `…Page.tsx`. */
const isScreen = (key: string) => /Page\.tsx$/.test(key);

export interface FirstVisit {
  screen: string;
  /** What the check enforces: the target, or the screen's ceiling while it is over the target. */
  budget: number;
  /** The budget the issue sets (login 100 KiB, any other screen 250 KiB). */
  target: number;
  /** How many files (JavaScript and CSS) the visit may download; none for the login. */
  maxFiles?: number;
  files: string[];
}

/** The files a chunk needs before it runs: itself, its static imports (transitively) and their CSS. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>, seen = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into, seen);
}

/** The lazy chunks loaded one after another from the entry to `target` (shortest chain of dynamic imports). */
function dynamicChain(manifest: Manifest, entry: string, target: string): string[] {
  const previous = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const key = queue.shift() as string;
    if (key === target) break;
    const chunk = manifest[key];
    const next = [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])];
    for (const child of next) {
      if (previous.has(child)) continue;
      previous.set(child, key);
      queue.push(child);
    }
  }
  if (!previous.has(target)) return [target];
  const chain: string[] = [];
  for (let key: string | null = target; key !== null; key = previous.get(key) ?? null) chain.unshift(key);
  return chain.filter((key) => manifest[key]?.isDynamicEntry);
}

/** What loading the lazy chunk `key` brings, as on a first visit: the entry, the chain of lazy chunks to it. */
function filesUpTo(manifest: Manifest, entry: string, key: string): Set<string> {
  const files = new Set<string>();
  staticClosure(manifest, entry, files);
  for (const link of dynamicChain(manifest, entry, key)) staticClosure(manifest, link, files);
  return files;
}

/**
 * Every screen's first visit: the entry and its static imports, then the lazy chunks on the way to the
 * screen and their static imports and CSS. A signed-in screen also loads the shell; a public one
 * (`outsideShell`, its module as the manifest names it: the routes the build lists in `.vite/routes.json`
 * without the shell) does not. The login's first visit is the entry alone, which renders the form (the
 * login route's chunk serves it inside the app).
 */
export function firstVisits(
  manifest: Manifest,
  ceilings: Readonly<Record<string, number>> = OVER_TARGET_CEILINGS,
  outsideShell: ReadonlySet<string> = new Set(),
): FirstVisit[] {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the manifest has no entry chunk: build the web app first (npm run build)');
  const visit = (screen: string, target: number, chunks: string[], maxFiles?: number): FirstVisit => {
    const files = new Set<string>();
    staticClosure(manifest, entry, files);
    for (const chunk of chunks) {
      for (const key of dynamicChain(manifest, entry, chunk)) staticClosure(manifest, key, files);
    }
    return { screen, budget: ceilings[screen] ?? target, target, maxFiles, files: [...files].sort() };
  };
  const login = visit('login', LOGIN_BUDGET, []);
  const shell = manifest[SHELL_SOURCE] ? [SHELL_SOURCE] : [];
  const screens = Object.keys(manifest)
    .filter((key) => key !== LOGIN_SOURCE && isScreen(key))
    .sort()
    .map((key) =>
      visit(
        key.replace(/^src\//, '').replace(/\.tsx$/, ''),
        SCREEN_BUDGET,
        outsideShell.has(key) ? [key] : [...shell, key],
        SCREEN_MAX_FILES,
      ),
    );
  return [login, ...screens];
}

export interface VisitSize extends FirstVisit {
  gzip: number;
  js: number;
  css: number;
}

/** Sizes each visit with `gzipSize(file)` (bytes, memoised by the caller if it wants). */
export function sizeVisits(visits: FirstVisit[], gzipSize: (file: string) => number): VisitSize[] {
  return visits.map((visit) => {
    let js = 0;
    let css = 0;
    for (const file of visit.files) {
      const size = gzipSize(file);
      if (file.endsWith('.css')) css += size;
      else js += size;
    }
    return { ...visit, js, css, gzip: js + css };
  });
}

export const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

/** One line per screen over its budget of bytes or of files, naming it and its sizes; empty when every budget holds. */
export function overBudget(sizes: VisitSize[]): string[] {
  const lines: string[] = [];
  for (const visit of sizes) {
    if (visit.gzip > visit.budget)
      lines.push(
        `${visit.screen}: ${kib(visit.gzip)} gzip (JS ${kib(visit.js)}, CSS ${kib(visit.css)}) is over its budget of ${kib(visit.budget)}`,
      );
    if (visit.maxFiles !== undefined && visit.files.length > visit.maxFiles)
      lines.push(`${visit.screen}: ${visit.files.length} files on a first visit, over its ${visit.maxFiles}`);
  }
  return lines;
}

/** Screens held at a ceiling that are back within the target: they can leave `OVER_TARGET_CEILINGS`. */
export function backUnderTarget(sizes: VisitSize[]): string[] {
  return sizes
    .filter((visit) => visit.budget > visit.target && visit.gzip <= visit.target)
    .map((visit) => visit.screen);
}

/** The table printed by the check and the bench: size, the target, and the ceiling of a screen over it. */
export function budgetTable(sizes: VisitSize[]): string[] {
  return sizes.map((visit) => {
    const state =
      visit.gzip > visit.budget || (visit.maxFiles !== undefined && visit.files.length > visit.maxFiles)
        ? 'OVER'
        : visit.gzip > visit.target
          ? `over target, ceiling ${kib(visit.budget)}`
          : 'ok';
    return `  ${visit.screen.padEnd(40)} ${kib(visit.gzip).padStart(10)} / ${kib(visit.target).padStart(9)}  (JS ${kib(visit.js)}, CSS ${kib(visit.css)}, ${visit.files.length} files)  ${state}`;
  });
}

/** Mantine's hashed class names (`m_8d3f4000`), which its components write and its stylesheets define. */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/**
 * The Mantine classes the built JavaScript uses that no built stylesheet defines: a component whose CSS
 * file is missing from `apps/web/src/app/mantine-components.css` (it would show unstyled).
 */
export function unstyledMantineClasses(scripts: string[], stylesheets: string[]): string[] {
  const defined = new Set(stylesheets.flatMap((css) => css.match(MANTINE_CLASS) ?? []));
  const used = new Set(scripts.flatMap((js) => js.match(MANTINE_CLASS) ?? []));
  return [...used].filter((name) => !defined.has(name)).sort();
}

/**
 * Mantine classes that some chunk's JavaScript uses while no stylesheet loaded with it defines them: the
 * app imports a component's stylesheet where the component is used (`ui/…` modules, screens), and
 * only the shell's own in `app/mantine-components.css`. For each chunk, its JavaScript is checked against
 * the CSS of the entry, of the lazy chunks on the way to it and of their static imports. `read` gives a
 * built file's text. One line per chunk with its missing classes; empty when every chunk is styled.
 */
export function unstyledChunks(manifest: Manifest, read: (file: string) => string): string[] {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the manifest has no entry chunk: build the web app first (npm run build)');
  const lines: string[] = [];
  for (const key of Object.keys(manifest)) {
    const files = [...filesUpTo(manifest, entry, key)];
    const scripts = files.filter((file) => file.endsWith('.js')).map(read);
    const sheets = files.filter((file) => file.endsWith('.css')).map(read);
    const missing = unstyledMantineClasses(scripts, sheets);
    if (missing.length > 0) lines.push(`${key}: ${missing.join(', ')}`);
  }
  return lines;
}
