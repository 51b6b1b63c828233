import type { z } from 'zod';

/**
 * Valid inputs derived from a zod schema, so that a test can change one field of a request at a time while
 * the others pass: each leaf tries a few candidates (a hint for fields whose rule a schema cannot describe,
 * then values read from the schema's own bounds) and keeps the first one the leaf's schema accepts.
 */

/** Values for fields by name, tried first (unique names, a real owner, a well-formed registration number…). */
export type Hints = Record<string, () => unknown>;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, string | number>;
  element?: z.ZodType;
  format?: string;
  checks?: { _zod: { def: CheckDef } }[];
}

interface CheckDef {
  check: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

function checksOf(def: Def): CheckDef[] {
  return (def.checks ?? []).map((c) => c._zod.def);
}

/** 1 first: a count of one, an amount of one cent and an id usually go further than a bound. */
function numberCandidates(def: Def): number[] {
  const candidates: number[] = [1];
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && check.value !== undefined) {
      candidates.push(check.inclusive ? check.value : Math.floor(check.value) + 1);
    }
  }
  return [...candidates, 0, 2026];
}

function stringCandidates(def: Def): string[] {
  let length = 1;
  const formats = new Set<string>(def.format ? [def.format] : []);
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum) length = Math.max(length, check.minimum);
    if (check.check === 'length_equals' && check.length) length = check.length;
    if (check.format) formats.add(check.format);
  }
  const candidates: string[] = [];
  if (formats.has('email')) candidates.push(`sample${Date.now()}@example.test`);
  if (formats.has('date')) candidates.push('2026-01-01');
  return [...candidates, 'x'.repeat(length), '', '1'];
}

function firstAccepted(schema: z.ZodType, candidates: unknown[]): unknown {
  return candidates.find((c) => accepts(schema, c)) ?? candidates[0];
}

/** A value `schema` accepts (its input form), or `undefined` when none of the candidates fits. */
export function sampleOf(schema: z.ZodType, hints: Hints = {}, key?: string): unknown {
  const hint = key !== undefined ? hints[key] : undefined;
  if (hint) {
    const value = hint();
    if (accepts(schema, value)) return value;
  }
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([name, field]) => [name, sampleOf(field, hints, name)]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType ? sampleOf(def.innerType, hints, key) : undefined;
    case 'pipe': {
      // A coercion or preprocess is described by its output; a transform by its input.
      const tries = [def.out, def.in].filter((s): s is z.ZodType => !!s && defOf(s).type !== 'transform');
      return firstAccepted(
        schema,
        tries.map((s) => sampleOf(s, hints, key)),
      );
    }
    case 'union':
      // The last options are the richer ones ('' or null usually come first).
      return firstAccepted(
        schema,
        [...(def.options ?? [])].reverse().map((option) => sampleOf(option, hints, key)),
      );
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'number':
      return firstAccepted(schema, numberCandidates(def));
    case 'string':
      return firstAccepted(schema, stringCandidates(def));
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return def.element ? [sampleOf(def.element, hints, key)] : [];
    case 'record':
      return {};
    default:
      return 'x';
  }
}

/** The keys of an object schema that may be left out. */
export function optionalKeys(schema: z.ZodType): Set<string> {
  const shape = defOf(schema).shape ?? {};
  return new Set(Object.keys(shape).filter((name) => accepts(shape[name] as z.ZodType, undefined)));
}

/** The keys of an object schema (none when it is not one). */
export function keysOf(schema: z.ZodType | undefined): string[] {
  return schema ? Object.keys(defOf(schema).shape ?? {}) : [];
}

export type Path = readonly string[];

/** Every leaf of a sample (nested objects walked), by path. */
export function leavesOf(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([name, child]) => leavesOf(child, [...path, name]));
  }
  return [{ path, value }];
}

/** A deep copy of `value` with the leaf at `path` replaced. */
export function withLeaf(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string, ...string[]];
  const object = { ...(value as Record<string, unknown>) };
  object[head] = withLeaf(object[head], rest, leaf);
  return object;
}
