import { join } from 'node:path';
import type { Plugin } from 'vite';
import { parseAst } from 'vite';
import { DOMAIN_SOURCE, type Node } from './route-schemas-plugin';

/** Helpers of the domain's `validation/fields.ts` that return a new schema. */
const SCHEMA_HELPERS = new Set([
  'safeString',
  'text',
  'optionalText',
  'intParam',
  'intField',
  'orNull',
  'refineText',
]);

/** zod's exports that are not schemas: its settings, registries and helpers. */
const NOT_SCHEMA_FACTORIES = new Set([
  'config',
  'registry',
  'globalRegistry',
  'locales',
  'core',
  'util',
  'NEVER',
]);

/** Methods whose answer is a value, not a schema. */
const VALUE_METHODS = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
  'encode',
  'decode',
  'encodeAsync',
  'decodeAsync',
  'safeEncode',
  'safeDecode',
  'safeEncodeAsync',
  'safeDecodeAsync',
  'isOptional',
  'isNullable',
  'toJSONSchema',
  'meta',
]);

const SCHEMA_NAME = /(Schema|Field)$/;

/** The expression under TypeScript's `as`, `satisfies` and `!`. */
function unwrapped(node: Node): Node {
  let current = node;
  while (/^TS(As|Satisfies|NonNull)Expression$|^TSTypeAssertion$/.test(current.type))
    current = current.expression as Node;
  return current;
}

/**
 * Whether a module-level constant's value is a schema built there: a chain of calls starting at a zod factory
 * (`z.object(…).refine(…)`), at a schema helper (`safeString().max(…)`) or at another schema by name
 * (`periodSchema.extend(…)`, or one built above in the module), and ending with a call that answers a schema.
 */
export function isBuiltSchema(init: Node, schemasAbove: ReadonlySet<string> = new Set()): boolean {
  const value = unwrapped(init);
  if (value.type !== 'CallExpression') return false;
  const outer = value.callee as Node;
  if (
    outer.type === 'MemberExpression' &&
    VALUE_METHODS.has((outer.property as Node & { name?: string }).name ?? '')
  ) {
    return false;
  }
  let node: Node = value;
  let innermostCall: Node = value;
  for (;;) {
    const current = unwrapped(node);
    if (current.type === 'CallExpression') {
      innermostCall = current;
      node = current.callee as Node;
    } else if (current.type === 'MemberExpression' && !current.computed) {
      node = current.object as Node;
      // `schema.options.map(…)` answers what `options` holds: only methods called on the chain's results count
      // (and zod's namespaces: `z.iso.date()`).
      const object = unwrapped(node);
      const onZod =
        object.type === 'MemberExpression' && (object.object as Node & { name?: string }).name === 'z';
      if (object.type !== 'CallExpression' && object.type !== 'Identifier' && !onZod) return false;
    } else {
      node = current;
      break;
    }
  }
  if (node.type !== 'Identifier') return false;
  const root = node.name as string;
  if (root === 'z') {
    const factory = ((innermostCall.callee as Node).property as (Node & { name?: string }) | undefined)?.name;
    return factory !== undefined && !NOT_SCHEMA_FACTORIES.has(factory);
  }
  if (SCHEMA_HELPERS.has(root) && innermostCall.callee === node) return true;
  return schemasAbove.has(root) || SCHEMA_NAME.test(root);
}

/** Each module-level `const name = <schema>`'s value, as [start, end]. */
export function schemaInitializers(program: Node): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  const names = new Set<string>();
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      const init = declarator.init as Node | null;
      if (id.type !== 'Identifier' || !init || !isBuiltSchema(init, names)) continue;
      found.push([init.start, init.end]);
      names.add(id.name as string);
    }
  }
  return found;
}

/**
 * The browser's build builds the domain's module-level schemas on first use (`validation/lazy-schema.ts`): a
 * first visit evaluated hundreds and read almost none, a long task after a phone's first paint. Each becomes
 * `lazySchema(() => <schema>)`, marked pure, so one no screen imports drops out of the bundle whole. The server
 * and the tests build them as written.
 */
export function lazySchemasPlugin(domainRoot: string): Plugin {
  const lazySchemaModule = join(domainRoot, 'src', 'validation', 'lazy-schema.ts');
  return {
    name: 'sejour-lazy-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!DOMAIN_SOURCE.test(id) || id === lazySchemaModule) return null;
      const ranges = schemaInitializers(parseAst(code, { lang: 'ts' }, id) as unknown as Node);
      if (ranges.length === 0) return null;
      let out = code;
      for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) {
        out = `${out.slice(0, start)}/* @__PURE__ */ lazySchema(() => ${out.slice(start, end)})${out.slice(end)}`;
      }
      return { code: `import { lazySchema } from ${JSON.stringify(lazySchemaModule)};\n${out}`, map: null };
    },
  };
}
