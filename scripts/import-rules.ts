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
  /** The import's specifier, or the code that writes a URL by hand. */
  specifier: string;
  reason: string;
  /**
   * `url`: an API path or a URL builder in a feature; `ownership`: the ownership check outside the access hook
   * (default: a wrong-way import).
   */
  kind?: 'url' | 'ownership';
}

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const DOMAIN = 'packages/domain/src';

/**
 * Folders of the web app that are not features: the composition root, the UI kit, the HTTP client, texts,
 * the session and test helpers. Every other folder of `apps/web/src` is a feature.
 */
export const WEB_SHARED_FOLDERS = ['app', 'ui', 'api', 'i18n', 'session', 'test'] as const;

/** Server folders that are infrastructure, not features: anyone may import any of their files. */
export const SERVER_SHARED_FOLDERS = [
  'db',
  'http',
  'mail',
  'security',
  'web',
  'test',
  'auth',
  'identity',
  'files',
  'offload',
] as const;

/** Files of a feature's folder that are infrastructure too: the audit recorder every service writes through. */
export const SERVER_SHARED_FILES = ['audit/recorder', 'audit/people'] as const;

/**
 * Server files that compose features, beside the files at `src/`'s root (`app.ts`, `main.ts`): they may import
 * any file of any feature. The offload workers' list of tasks is the worker's composition root.
 */
export const SERVER_COMPOSITION_FILES = ['offload/tasks.ts'] as const;

/** A feature's entry file: what other folders may use of it (`apps/server/src/<feature>/index.ts`). */
const SERVER_ENTRY = 'index';

const isServerShared = (folder: string) => (SERVER_SHARED_FOLDERS as readonly string[]).includes(folder);

/**
 * Form libraries: the web's forms and fields all run on the kit's own engine (`apps/web/src/ui/form`,
 * docs/decisions/0132). Only that folder may ever wrap one; a feature reads values through the kit's hooks.
 */
const FORM_LIBRARIES =
  /^(react-hook-form|@hookform\/.*|formik|final-form|react-final-form|@tanstack\/.*-form|@mantine\/form)$/;
const FORM_KIT = 'apps/web/src/ui/form/';

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

/** The top folder of `path` under `root` (`apps/web/src/providers/x.ts` → `users`), or null for a root file. */
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
    if (!relative && FORM_LIBRARIES.test(packageName(specifier)) && !file.startsWith(FORM_KIT)) {
      return 'forms run on the kit alone: use useKitForm, <Form>, useFormValue… from ui/ (no form library)';
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
    const inner = file.slice(SERVER.length + 1);
    if (from === null || to === null || from === to) return null;
    if ((SERVER_COMPOSITION_FILES as readonly string[]).includes(inner)) return null;
    // `http/contract-routes.ts` is the routes' machinery, not a feature's routes.
    if (isRoutes && to !== 'http') {
      return `a server feature does not import another feature's routes (${from}/ → ${to}/): app.ts composes them`;
    }
    if (isServerShared(to)) return null;
    const module = target.slice(SERVER.length + 1).replace(/\.(ts|js)$/, '');
    if ((SERVER_SHARED_FILES as readonly string[]).includes(module)) return null;
    if (module === to || module === `${to}/${SERVER_ENTRY}`) return null;
    return `a server feature is used by others only through its entry file (${from}/ → ${module}): import '../${to}', and export there what others may use`;
  }
  return null;
}

/**
 * Helpers that build request URLs by hand: a feature calls the API through a contract (`call`, `callList`,
 * `callFile`, `download` of `api/client`) and never names a path, so these stay inside `api/`.
 */
const URL_BUILDERS: ReadonlyArray<{
  module: (target: string | null, specifier: string) => boolean;
  names: string[];
}> = [
  { module: (target) => target === `${WEB}/api/client`, names: ['buildUrl', 'API_BASE'] },
  { module: (_target, specifier) => specifier === '@sejour/domain', names: ['pathOf'] },
];

/** Text of a string or template literal that starts with `/api` (a path the client alone may write). */
function isApiPath(text: string): boolean {
  return text === '/api' || text.startsWith('/api/') || text.startsWith('/api?');
}

/** Where a web feature file writes an API path or imports a URL builder of the client. */
export function apiPathsOf(path: string, text: string): Violation[] {
  if (!path.startsWith(`${WEB}/`) || !isWebFeature(topFolder(path, WEB))) return [];
  // A test may name the URL it answers in place of the server: it describes the wire, it does not call it.
  if (/\.test\.tsx?$/.test(path)) return [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: Violation[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      const relative = specifier.startsWith('./') || specifier.startsWith('../');
      const target = relative ? posix.normalize(posix.join(posix.dirname(path), specifier)) : null;
      const bindings = node.importClause?.namedBindings;
      const names = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
      for (const builder of URL_BUILDERS) {
        if (!builder.module(target, specifier)) continue;
        for (const element of names) {
          const name = (element.propertyName ?? element.name).text;
          if (builder.names.includes(name)) {
            found.push({
              file: path,
              line: lineOf(element),
              specifier: `${name} from '${specifier}'`,
              reason: 'a feature builds no URL: it calls the API through a contract (api/client call…)',
              kind: 'url',
            });
          }
        }
      }
      return;
    }
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? node.head.text
          : null;
    if (literal !== null && isApiPath(literal)) {
      found.push({
        file: path,
        line: lineOf(node),
        specifier: node.getText(source).slice(0, 60),
        reason: 'a feature writes no API path: the route contract holds it (call it through api/client)',
        kind: 'url',
      });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Where ownership is decided: the access hook alone calls the check, which its own module defines. */
const OWNERSHIP_CHECK = 'requireAccess';
const OWNERSHIP_DECIDED_IN = new Set([`${SERVER}/auth/access.ts`, `${SERVER}/auth/ownership.ts`]);

/**
 * Where a server file other than the access hook names the ownership check (imported, aliased, re-exported or
 * reached through the module). A service receives ids the hook already checked; ids it finds in a body after
 * parsing are filtered with the same one set query, `filterAccessible`.
 */
export function ownershipChecksOf(path: string, text: string): Violation[] {
  if (!path.startsWith(`${SERVER}/`) || OWNERSHIP_DECIDED_IN.has(path)) return [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: Violation[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === OWNERSHIP_CHECK) {
      found.push({
        file: path,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        specifier: OWNERSHIP_CHECK,
        reason:
          'ownership is decided once, by the access hook (contract owns/ownsInput): a service never checks it again',
        kind: 'ownership',
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function checkImports(files: ReadonlyArray<SourceFile>): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    for (const { specifier, line } of importsOf(file.text)) {
      const reason = ruleBroken(file.path, specifier);
      if (reason) violations.push({ file: file.path, line, specifier, reason });
    }
    violations.push(...apiPathsOf(file.path, file.text));
    violations.push(...ownershipChecksOf(file.path, file.text));
  }
  return violations;
}
