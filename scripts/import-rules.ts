/**
 * The one-way import rules of the workspace (docs/decisions/0007-one-way-imports.md), as data and a pure
 * check: `checkImports` takes files (path relative to the repository, text) and answers the violations.
 * `scripts/check-imports.ts` runs it over the tree in `npm run lint`.
 */
import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import ts from 'typescript';

export interface SourceFile {
  /** Relative to the repository root, with `/` separators. */
  path: string;
  text: string;
}

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  reason: string;
}

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const DOMAIN = 'packages/domain/src';

/**
 * Folders of the web app that are not features: the composition root, the UI kit, the HTTP client, texts,
 * the session and test helpers. Every other folder of `apps/web/src` is a feature.
 */
export const WEB_SHARED_FOLDERS = ['app', 'ui', 'api', 'i18n', 'session', 'test'] as const;

/** Server folders that are infrastructure, not features: anyone may import them. */
const SERVER_SHARED_FOLDERS = ['db', 'http', 'mail', 'security', 'settings', 'web', 'test'];

const NODE_BUILTINS = new Set(builtinModules);

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0] ?? '');
}

/** The package a bare specifier names (`@scope/name` or `name`). */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const DOMAIN_FORBIDDEN_PACKAGES: ReadonlyArray<[RegExp, string]> = [
  [/^(drizzle-orm|drizzle-kit|pg|postgres|@electric-sql\/.*)$/, 'a database module'],
  [/^(fastify|fastify-.*|@fastify\/.*)$/, 'an HTTP module'],
  [/^(react|react-dom|react-.*|@mantine\/.*|@tanstack\/react-.*)$/, 'a React module'],
  [/^@sejour\/(server|web)$/, 'an app'],
];

/** The top folder of `path` under `root` (`apps/web/src/users/x.ts` → `users`), or null for a root file. */
function topFolder(path: string, root: string): string | null {
  if (!path.startsWith(`${root}/`)) return null;
  const rest = path.slice(root.length + 1).split('/');
  return rest.length > 1 ? (rest[0] ?? null) : null;
}

function isWebFeature(folder: string | null): folder is string {
  return folder !== null && !(WEB_SHARED_FOLDERS as readonly string[]).includes(folder);
}

/** Every module specifier of a file (static and dynamic imports, re-exports, type-only imports). */
export function importsOf(text: string): Array<{ specifier: string; line: number }> {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((ref) => ({
    specifier: ref.fileName,
    line: text.slice(0, ref.pos).split('\n').length,
  }));
}

/** Why `file` may not import `specifier`, or null when it may. */
export function ruleBroken(file: string, specifier: string): string | null {
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  const target = relative ? posix.normalize(posix.join(posix.dirname(file), specifier)) : null;
  const into = (root: string) => target !== null && (target === root || target.startsWith(`${root}/`));

  if (file.startsWith(`${DOMAIN}/`)) {
    if (relative && !into(DOMAIN)) return 'the domain package imports nothing outside itself';
    if (relative) return null;
    if (isNodeBuiltin(specifier)) return 'the domain package is pure: no Node module (no I/O)';
    const name = packageName(specifier);
    for (const [pattern, what] of DOMAIN_FORBIDDEN_PACKAGES) {
      if (pattern.test(name)) return `the domain package imports no ${what}`;
    }
    return null;
  }

  if (file.startsWith('apps/web/')) {
    if (/^@sejour\/server(\/|$)/.test(specifier) || into('apps/server')) {
      return 'the web app shares code with the server only through @sejour/domain';
    }
    if (!file.startsWith(`${WEB}/`) || target === null || !into(WEB)) return null;
    const from = topFolder(file, WEB);
    const to = topFolder(target, WEB);
    if (from === 'ui' && isWebFeature(to)) return `the UI kit imports no feature (${to}/)`;
    if (from === 'ui' && (to === 'api' || to === 'app')) {
      return `the UI kit does not import ${to}/: what it needs is passed in (props or a kit context)`;
    }
    if ((from === 'api' || from === 'session' || from === 'i18n') && (isWebFeature(to) || to === 'app')) {
      return `${from}/ is shared: it imports no feature and not app/`;
    }
    if (isWebFeature(from) && isWebFeature(to) && from !== to) {
      return `a feature never imports another feature (${from}/ → ${to}/): app/ composes them`;
    }
    if (isWebFeature(from) && to === 'app') return 'a feature never imports app/: app/ composes the features';
    return null;
  }

  if (file.startsWith('apps/server/')) {
    if (/^@sejour\/web(\/|$)/.test(specifier) || into('apps/web/src')) {
      return 'the server shares code with the web app only through @sejour/domain';
    }
    if (!file.startsWith(`${SERVER}/`) || target === null || !into(SERVER)) return null;
    const from = topFolder(file, SERVER);
    const to = topFolder(target, SERVER);
    const isRoutes = /(^|[-/])routes(\.ts)?$/.test(posix.basename(target)) || target.includes('/routes/');
    if (
      from !== null &&
      to !== null &&
      from !== to &&
      isRoutes &&
      !SERVER_SHARED_FOLDERS.includes(from) &&
      !SERVER_SHARED_FOLDERS.includes(to)
    ) {
      return `a server feature does not import another feature's routes (${from}/ → ${to}/): app.ts composes them`;
    }
    return null;
  }
  return null;
}

export function checkImports(files: ReadonlyArray<SourceFile>): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    for (const { specifier, line } of importsOf(file.text)) {
      const reason = ruleBroken(file.path, specifier);
      if (reason) violations.push({ file: file.path, line, specifier, reason });
    }
  }
  return violations;
}
