import type { Plugin } from 'vite';
import { parseAst } from 'vite';

/** A source module of `packages/domain`, which the browser's build rewrites (here and in `lazy-schemas-plugin.ts`). */
export const DOMAIN_SOURCE = /[\\/]packages[\\/]domain[\\/]src[\\/].+\.ts$/;

/** The fields of a route contract that hold zod schemas: the server validates and encodes with them. */
const SCHEMA_FIELDS = new Set(['params', 'query', 'body', 'response']);

/** A node of the syntax tree `parseAst` answers, with the fields these plugins read. */
export interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** What the browser's build changes in a domain module: schema values to blank, calls to mark pure. */
interface Edits {
  blank: Array<[number, number]>;
  pure: Set<number>;
}

const isNode = (value: unknown): value is Node =>
  Boolean(value) && typeof value === 'object' && typeof (value as Node).type === 'string';

/** A call of a zod factory (`z.object(…)`, `z.string()`…); `z.config` sets the locale and must stay. */
function isZodFactory(node: Node): boolean {
  const callee = node.callee as Node | undefined;
  const object = callee?.object as Node | undefined;
  const property = callee?.property as Node | undefined;
  return (
    node.type === 'CallExpression' &&
    callee?.type === 'MemberExpression' &&
    object?.type === 'Identifier' &&
    object.name === 'z' &&
    property?.type === 'Identifier' &&
    property.name !== 'config'
  );
}

/** Every `defineRoute({ … })` call's schema values, and where each zod factory call starts. */
function editsOf(program: Node): Edits {
  const edits: Edits = { blank: [], pure: new Set() };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!isNode(node)) return;
    if (isZodFactory(node)) edits.pure.add(node.start);
    const callee = node.callee as Node | undefined;
    const argument = (node.arguments as Node[] | undefined)?.[0];
    if (
      node.type === 'CallExpression' &&
      callee?.type === 'Identifier' &&
      callee.name === 'defineRoute' &&
      argument?.type === 'ObjectExpression'
    ) {
      for (const property of argument.properties as Node[]) {
        const key = property.key as Node | undefined;
        const value = property.value as Node | undefined;
        if (
          property.type === 'Property' &&
          !property.computed &&
          !property.shorthand &&
          key?.type === 'Identifier' &&
          SCHEMA_FIELDS.has(key.name as string) &&
          value
        ) {
          edits.blank.push([value.start, value.end]);
        }
      }
    }
    for (const [name, child] of Object.entries(node)) {
      if (name !== 'type' && name !== 'start' && name !== 'end') visit(child);
    }
  };
  visit(program);
  return edits;
}

/**
 * The web client reads a route contract's method, path and file type only (`src/api/client.ts`): its zod
 * schemas are the server's. Built at import, they were a fifth of a phone's script evaluation before the first
 * screen (every contract of a feature, whatever the screen calls). The browser's build leaves them out of the
 * contracts, so schemas no screen uses otherwise drop out of the bundle; the server and the tests keep them.
 */
export function routeSchemasPlugin(): Plugin {
  return {
    name: 'sejour-route-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!DOMAIN_SOURCE.test(id) || !code.includes('z.')) return null;
      const { blank, pure } = editsOf(parseAst(code, { lang: 'ts' }, id) as unknown as Node);
      // A blanked value's own calls go with it: only the annotations outside every blanked range are written.
      const outside = (at: number) => blank.every(([start, end]) => at < start || at >= end);
      const edits: Array<[number, number, string]> = [
        ...blank.map(([start, end]): [number, number, string] => [start, end, 'undefined']),
        ...[...pure].filter(outside).map((at): [number, number, string] => [at, at, '/* @__PURE__ */ ']),
      ];
      if (edits.length === 0) return null;
      let out = code;
      for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) {
        out = `${out.slice(0, start)}${text}${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}
