import { dirname, resolve } from 'node:path';

/** What the grouping reads of a module (Rolldown's `ModuleInfo`). */
export interface GroupedModule {
  code: string | null;
  importedIds: readonly string[];
  dynamicImporters: readonly string[];
  exports?: readonly string[];
}

/** A first visit the grouping keeps exact: the lazy modules it loads after the entry (app, shell, screen). */
export interface Visit {
  name: string;
  roots: string[];
  /** How many files (a group's script, and its stylesheet when it has CSS) its groups may make. */
  maxFiles: number;
}

/** One import or re-export statement: where from, and which names (`*`: all, `=` : none, side effect only). */
interface Statement {
  spec: string;
  /** Imported names → local names (import) or exported names (re-export). */
  names: [string, string][];
  reexport: boolean;
  star: boolean;
}

interface BarrelTable {
  names: Map<string, { target: string; imported: string }[]>;
  effects: string[];
  stars: string[];
}

const STRING = `["']([^"']+)["']`;
const FROM = new RegExp(`\\b(import|export)\\s+(type\\s+)?([\\w$*\\s,{}]*?)\\s*from\\s*${STRING}`, 'g');
const BARE_IMPORT = new RegExp(`\\bimport\\s*${STRING}`, 'g');
const LOCAL_EXPORT = /\bexport\s*\{([^}]*)\}\s*;?/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm;

/** `a as b, c` → [[a, b], [c, c]]. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [from, as] = part.split(/\s+as\s+/);
      return [from as string, (as ?? from) as string];
    });
}

function statements(code: string): Statement[] {
  const found: Statement[] = [];
  for (const [, kind, type, clause, spec] of code.matchAll(FROM)) {
    if (type) continue;
    const reexport = kind === 'export';
    const text = (clause ?? '').trim();
    const names: [string, string][] = [];
    let star = false;
    const braces = text.match(/\{([^}]*)\}/);
    if (braces) names.push(...specifiers(braces[1] ?? ''));
    const outside = text
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    const namespace = outside.match(/\*\s*(?:as\s+([\w$]+))?/);
    if (namespace) {
      if (namespace[1]) names.push(['*', namespace[1]]);
      else star = true;
    } else if (outside) names.push(['default', outside.split(/\s+/)[0] as string]);
    found.push({ spec: spec as string, names, reexport, star });
  }
  for (const [, spec] of code.matchAll(BARE_IMPORT))
    found.push({ spec: spec as string, names: [], reexport: false, star: false });
  return found;
}

/** A module of imports and re-exports only (`@mantine/core`'s index, `@sejour/domain`, the kit's `ui/index.ts`). */
function isBarrel(code: string): boolean {
  if (!/\bexport\b/.test(code)) return false;
  const rest = code
    .replace(COMMENTS, '$1')
    .replace(/^\s*["']use strict["']/, '')
    .replace(FROM, '')
    .replace(BARE_IMPORT, '')
    .replace(LOCAL_EXPORT, '')
    .replace(/[;\s]/g, '');
  return rest === '';
}

const withoutExtension = (id: string) => id.replace(/\.(m?[jt]sx?|json)$/, '');

/** The module among `candidates` that `spec`, imported from `importer`, names. */
function resolveSpec(importer: string, spec: string, candidates: readonly string[]): string | undefined {
  if (spec.startsWith('.')) {
    const base = resolve(dirname(importer), spec);
    return candidates.find((id) => {
      const bare = withoutExtension(id);
      return id === base || bare === withoutExtension(base) || bare === `${base}/index`;
    });
  }
  const inPackage = (id: string) =>
    id.includes(`/node_modules/${spec}/`) || id.endsWith(`/node_modules/${spec}`);
  const workspace = spec.match(/^@sejour\/(\w+)(\/.*)?$/);
  if (workspace) {
    const sub = workspace[2] ?? '/index';
    return candidates.find((id) => withoutExtension(id).endsWith(`/packages/${workspace[1]}/src${sub}`));
  }
  const matches = candidates.filter(inPackage);
  return matches.find((id) => !id.endsWith('.css')) ?? matches[0];
}

/**
 * The module graph as the bundle uses it: an import of a barrel counts as imports of the modules that
 * define the names taken from it, so a screen that takes one button from `@mantine/core` depends on that
 * button's module, not on every component (the barrels are side-effect free: the bundler drops the rest).
 */
export class UsedGraph {
  private readonly edges = new Map<string, Set<string>>();
  private readonly barrels = new Map<string, boolean>();
  private readonly parsed = new Map<string, Statement[]>();
  private readonly defined = new Map<string, Set<string>>();
  private readonly tables = new Map<string, BarrelTable>();

  constructor(private readonly info: (id: string) => GroupedModule | null) {}

  private statementsOf(id: string): Statement[] {
    let found = this.parsed.get(id);
    if (!found) {
      found = statements(this.info(id)?.code ?? '');
      this.parsed.set(id, found);
    }
    return found;
  }

  isBarrel(id: string): boolean {
    let barrel = this.barrels.get(id);
    if (barrel === undefined) {
      const code = this.info(id)?.code;
      barrel = !!code && /\.(m?[jt]sx?)$/.test(id) && isBarrel(code);
      this.barrels.set(id, barrel);
    }
    return barrel;
  }

  /** The modules that define `name` as exported by the barrel `id` (several for `*`), remembered. */
  private definers(id: string, name: string, into: Set<string>, seen = new Set<string>()) {
    const key = `${id}\0${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    let known = this.defined.get(key);
    if (!known) {
      known = new Set();
      this.define(id, name, known, seen);
      this.defined.set(key, known);
    }
    for (const definer of known) into.add(definer);
  }

  /** A barrel's table: each exported name → where it comes from; its side-effect imports; its `export *`s. */
  private tableOf(id: string): BarrelTable {
    let table = this.tables.get(id);
    if (table) return table;
    table = { names: new Map(), effects: [], stars: [] };
    this.tables.set(id, table);
    const module = this.info(id);
    if (!module) return table;
    // Local re-exports (`import { a } from './x'; export { a as b }`): the local name → the exported ones.
    const exported = new Map<string, string[]>();
    for (const [, list] of (module.code ?? '').matchAll(LOCAL_EXPORT)) {
      for (const [local, as] of specifiers(list ?? ''))
        exported.set(local, [...(exported.get(local) ?? []), as]);
    }
    for (const statement of this.statementsOf(id)) {
      const target = resolveSpec(id, statement.spec, module.importedIds);
      if (!target) continue;
      if (statement.star) table.stars.push(target);
      else if (statement.names.length === 0) table.effects.push(target);
      for (const [imported, local] of statement.names) {
        for (const outward of statement.reexport ? [local] : (exported.get(local) ?? [])) {
          table.names.set(outward, [...(table.names.get(outward) ?? []), { target, imported }]);
        }
      }
    }
    return table;
  }

  private define(id: string, name: string, into: Set<string>, seen: Set<string>) {
    if (!this.info(id)) return;
    if (!this.isBarrel(id)) {
      into.add(id);
      return;
    }
    const table = this.tableOf(id);
    for (const effect of table.effects) into.add(effect);
    const all = name === '*';
    const named = all ? [...table.names.values()].flat() : (table.names.get(name) ?? []);
    for (const { target, imported } of named) this.definers(target, imported, into, seen);
    if (named.length > 0 && !all) return;
    for (const target of table.stars) {
      if (all || this.exportsName(target, name)) this.definers(target, name, into, seen);
    }
  }

  private exportsName(id: string, name: string): boolean {
    if (!this.isBarrel(id)) return this.info(id)?.exports?.includes(name) ?? true;
    const found = new Set<string>();
    this.definers(id, name, found);
    return found.size > 0;
  }

  /** What `id` needs loaded before it runs, through barrels to the modules it takes names from. */
  importsOf(id: string): Set<string> {
    let found = this.edges.get(id);
    if (found) return found;
    found = new Set();
    this.edges.set(id, found);
    const module = this.info(id);
    if (!module) return found;
    // A barrel itself needs only what it imports for an effect (the domain's zod locale).
    if (this.isBarrel(id)) {
      for (const effect of this.tableOf(id).effects) found.add(effect);
      return found;
    }
    const barrels = module.importedIds.filter((imported) => this.isBarrel(imported));
    for (const imported of module.importedIds) found.add(imported);
    if (barrels.length > 0) {
      for (const statement of this.statementsOf(id)) {
        const target = resolveSpec(id, statement.spec, barrels);
        if (!target) continue;
        const wanted =
          statement.star || statement.names.length === 0 ? ['*'] : statement.names.map(([name]) => name);
        for (const name of wanted) {
          const definers = new Set<string>();
          this.definers(target, name, definers);
          for (const definer of definers) found.add(definer);
        }
      }
    }
    return found;
  }

  /** `roots` and every module they need, transitively (not through dynamic imports). */
  closure(roots: readonly string[]): Set<string> {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const next of this.importsOf(id)) if (!seen.has(next)) stack.push(next);
    }
    return seen;
  }
}

export interface Grouping {
  /** Module → its group's name; absent: left to the bundler's own splitting. */
  groupOf: Map<string, string>;
  /** Each group's visits and size (code length before minifying), for reports. */
  groups: Map<string, { visits: string[]; size: number; modules: number }>;
}

/**
 * Groups the modules of the first visits by the set of visits that load them: modules loaded by exactly
 * the same visits go to one chunk, which adds no byte to any of them. While a visit would still make more
 * requests than its `maxFiles`, two of its groups merge: the pair whose merge adds the fewest bytes to the
 * visits that load only one of them (sizes: code length before minifying). Left to the bundler: the entry's
 * modules (the login), every lazily imported module (its chunk is what the manifest, the budget and the
 * preload name), a module of one screen alone (it stays in that screen's chunk) and what no first visit loads.
 */
export function groupModules(
  graph: UsedGraph,
  info: (id: string) => GroupedModule | null,
  entry: string,
  visits: readonly Visit[],
): Grouping {
  const initial = graph.closure([entry]);
  const visitsOf = new Map<string, string[]>();
  for (const visit of visits) {
    for (const id of graph.closure(visit.roots)) {
      if (initial.has(id)) continue;
      const module = info(id);
      if (!module || module.dynamicImporters.length > 0) continue;
      const list = visitsOf.get(id) ?? [];
      if (!list.includes(visit.name)) list.push(visit.name);
      visitsOf.set(id, list);
    }
  }
  // What a module weighs once minified, roughly: its code without comments and runs of blanks.
  const sizeOf = (id: string) => (info(id)?.code ?? '').replace(COMMENTS, '$1').replace(/\s+/g, ' ').length;
  const isCss = (id: string) => /\.css($|\?)/.test(id);
  const bySignature = new Map<string, { visits: string[]; size: number; members: string[]; css: boolean }>();
  for (const [id, list] of visitsOf) {
    // A module of one screen alone stays with that screen's own chunk.
    if (list.length < 2) continue;
    const key = list.sort().join('|');
    const group = bySignature.get(key) ?? { visits: list, size: 0, members: [], css: false };
    group.size += sizeOf(id);
    group.css ||= isCss(id);
    group.members.push(id);
    bySignature.set(key, group);
  }
  // While a visit's groups make more files than it may load, merge the two groups of such a visit whose
  // merge adds the fewest bytes to the visits that load only one of them.
  const live = [...bySignature.values()];
  const limit = new Map(visits.map((visit) => [visit.name, visit.maxFiles]));
  for (;;) {
    const counts = new Map<string, number>();
    for (const group of live) {
      for (const visit of group.visits) counts.set(visit, (counts.get(visit) ?? 0) + (group.css ? 2 : 1));
    }
    const over = new Set(
      [...counts].filter(([visit, count]) => count > (limit.get(visit) ?? 0)).map(([visit]) => visit),
    );
    if (over.size === 0) break;
    let best: { a: number; b: number; cost: number } | undefined;
    for (let a = 0; a < live.length; a++) {
      const first = live[a] as (typeof live)[number];
      for (let b = a + 1; b < live.length; b++) {
        const second = live[b] as (typeof live)[number];
        const helped = first.visits.filter(
          (visit) => over.has(visit) && second.visits.includes(visit),
        ).length;
        if (helped === 0) continue;
        const cost =
          (first.visits.filter((visit) => !second.visits.includes(visit)).length * second.size +
            second.visits.filter((visit) => !first.visits.includes(visit)).length * first.size) /
          helped;
        if (!best || cost < best.cost) best = { a, b, cost };
      }
    }
    if (!best) break;
    const into = live[best.a] as (typeof live)[number];
    const [gone] = live.splice(best.b, 1) as [(typeof live)[number]];
    into.visits = [...new Set([...into.visits, ...gone.visits])].sort();
    into.members.push(...gone.members);
    into.size += gone.size;
    into.css ||= gone.css;
  }
  const groupOf = new Map<string, string>();
  const groups: Grouping['groups'] = new Map();
  let n = 0;
  for (const group of live.sort((a, b) => b.visits.length - a.visits.length)) {
    if (group.members.length === 0) continue;
    const name = n === 0 ? 'shared' : `shared-${n}`;
    n += 1;
    for (const id of group.members) groupOf.set(id, name);
    groups.set(name, { visits: group.visits, size: group.size, modules: group.members.length });
  }
  return { groupOf, groups };
}

/**
 * The files of a first visit that are no group: the entry's (script, stylesheet, and the runtime and
 * JSX runtime it shares with the lazy chunks), the app's chunk and the screen's, and one to spare for the
 * screen's stylesheet or a chunk left to the bundler. The shell's chunk adds one inside the shell.
 */
const FIXED_FILES = 7;

/**
 * The name function of the build's one `codeSplitting` group: on its first call in a build it reads the
 * module graph, the routes (`src/<feature>/feature.ts`) and groups every first visit's modules
 * (`groupModules`) so that each visit makes at most `maxFiles` requests; then it names each module's group, or `null` to leave it to the bundler.
 */
export function firstVisitGroups(
  appRoot: string,
  routes: () => { path: string; source: string; inShell: boolean }[],
  maxFiles: number,
): (id: string, ctx: { getModuleInfo(id: string): GroupedModule | null }) => string | null {
  let grouping: Grouping | undefined;
  let forInfo: unknown;
  return (id, ctx) => {
    // A new build (watch mode, the tests' builds) hands a new context: group again.
    if (!grouping || forInfo !== ctx) {
      const info = (module: string) => ctx.getModuleInfo(module);
      const inShell = new Map<string, boolean>();
      // The login's route is only ever shown inside the loaded app (after a logout): the entry renders the
      // form of a first visit.
      for (const route of routes()) {
        if (route.path === 'login') continue;
        inShell.set(route.source, route.inShell || (inShell.get(route.source) ?? false));
      }
      const app = resolve(appRoot, 'src/app/App.tsx');
      const shell = resolve(appRoot, 'src/app/shell/Shell.tsx');
      const visits = [...inShell].map(([source, shelled]) => ({
        name: source,
        roots: [app, ...(shelled ? [shell] : []), resolve(appRoot, source)],
        maxFiles: maxFiles - FIXED_FILES - (shelled ? 1 : 0),
      }));
      grouping = groupModules(new UsedGraph(info), info, resolve(appRoot, 'src/main.tsx'), visits);
      forInfo = ctx;
    }
    return grouping.groupOf.get(id) ?? null;
  };
}
