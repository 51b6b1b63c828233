/**
 * Reshapes the JSON Schema zod generates into one fast-json-stringify serialises exactly as JSON.stringify
 * would after zod: `anyOf [X, null]` becomes X made nullable, a union of plain values a list of types, a union
 * of objects stays a union whose branches ignore unknown properties when matching. Anything else (a
 * reference, a tuple, a condition, a union mixing objects and values) is refused with its reason.
 */
type Json = Record<string, unknown>;

const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const REFUSED = ['$ref', 'oneOf', 'allOf', 'not', 'if', 'patternProperties', 'prefixItems'] as const;

export function toSerializableJsonSchema(schema: unknown): Json | string {
  try {
    const { $schema: _ignored, ...rest } = schema as Json;
    return reshape(rest, '#');
  } catch (error) {
    return error instanceof Refused ? error.message : String(error);
  }
}

class Refused extends Error {}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reshape(schema: Json, at: string): Json {
  for (const keyword of REFUSED) if (keyword in schema) throw new Refused(`${keyword} at ${at}`);
  if (Array.isArray(schema.anyOf)) return union(schema, schema.anyOf as unknown[], at);
  const out: Json = { ...schema };
  if (isJson(schema.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, reshape(value as Json, `${at}/${key}`)]),
    );
  }
  if (isJson(schema.additionalProperties)) {
    out.additionalProperties = reshape(schema.additionalProperties, `${at}/*`);
  }
  if (Array.isArray(schema.items)) throw new Refused(`tuple at ${at}`);
  if (isJson(schema.items)) out.items = reshape(schema.items, `${at}/[]`);
  return out;
}

function union(schema: Json, branches: unknown[], at: string): Json {
  const { anyOf: _branches, ...own } = schema;
  if (Object.keys(own).length > 0) throw new Refused(`anyOf with siblings at ${at}`);
  const nonNull = branches.filter((branch) => !(isJson(branch) && branch.type === 'null'));
  const hasNull = nonNull.length < branches.length;
  if (nonNull.length === 1 && hasNull) {
    const only = reshape(nonNull[0] as Json, at);
    if (only.anyOf) return { anyOf: [...(only.anyOf as Json[]), { type: 'null' }] };
    if (typeof only.type !== 'string') throw new Refused(`nullable without a type at ${at}`);
    return only.type === 'object' || only.type === 'array'
      ? { ...only, nullable: true }
      : { ...only, type: [only.type, 'null'] };
  }
  // A scalar is written by its type alone: a union of plain values is the list of their types.
  const types = branches.map((branch) => (isJson(branch) ? branch.type : undefined));
  if (types.every((type): type is string => typeof type === 'string' && SCALARS.has(type))) {
    const distinct = [...new Set(types)];
    return { type: distinct.length === 1 ? distinct[0] : distinct };
  }
  // Objects: fast-json-stringify writes the first branch the value validates against, as zod parses the first
  // branch that fits. Unknown properties are still dropped when written; they must not stop a branch matching.
  if (branches.every((branch) => isJson(branch) && branch.type === 'object')) {
    return { anyOf: branches.map((branch, i) => openForMatching(reshape(branch as Json, `${at}|${i}`))) };
  }
  throw new Refused(`union of non-scalar values at ${at}`);
}

function openForMatching(schema: Json): Json {
  const { additionalProperties, ...rest } = schema;
  const out: Json = additionalProperties === false ? rest : { ...rest, additionalProperties };
  if (isJson(schema.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, openForMatching(value as Json)]),
    );
  }
  if (isJson(schema.items)) out.items = openForMatching(schema.items);
  return out;
}
