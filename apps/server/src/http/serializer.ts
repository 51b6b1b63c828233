import { isDeepStrictEqual } from 'node:util';
import { ResponseSerializationError, serializerCompiler as zodSerializer } from '@fastify/type-provider-zod';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { toSerializableJsonSchema } from './serializer-schema';

type Stringify = (data: unknown) => string;

/** Why a response schema is serialised by zod + JSON.stringify instead of a compiled serializer. */
export interface SerializerFallback {
  method: string;
  url: string;
  reason: string;
}

/**
 * A response serialiser compiled from the route's zod contract: its JSON Schema (`z.toJSONSchema`, output
 * side) drives fast-json-stringify, which writes the answer without walking it through zod first. A schema
 * the compiler cannot express faithfully (transforms, dates, unions of objects, references) keeps zod's
 * serialiser, route by route (`onFallback` says which).
 *
 * With `checkContract` (tests), every answer is also encoded by zod as before and the two texts compared:
 * an answer that drifts from its contract, or that the compiled serialiser would write differently (a
 * dropped field, a coerced type), fails as a 500 — so the contract tests keep their teeth.
 */
export function createResponseSerializerCompiler(options: {
  checkContract: boolean;
  onFallback?: (fallback: SerializerFallback) => void;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const { schema, method, url } = route;
    const viaZod = zodSerializer(route as Parameters<typeof zodSerializer>[0]) as Stringify;
    const compiled = compile(schema);
    if (typeof compiled === 'string') {
      options.onFallback?.({ method, url, reason: compiled });
      return viaZod;
    }
    if (!options.checkContract) return compiled;
    return (data) => {
      const expected = viaZod(data);
      const actual = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new ResponseSerializationError(method, url, {
          cause: new z.ZodError([
            {
              code: 'custom',
              path: [],
              input: data,
              message: `compiled serialiser wrote ${actual.slice(0, 300)} where zod wrote ${expected.slice(0, 300)}`,
            },
          ]),
        });
      }
      return actual;
    };
  };
}

/** The compiled serialiser of a zod schema, or the reason it cannot be compiled. */
export function compile(schema: unknown): Stringify | string {
  if (!(schema instanceof z.ZodType)) return 'not a zod schema';
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch (error) {
    return `no JSON Schema (${error instanceof Error ? error.message : String(error)})`;
  }
  const serializable = toSerializableJsonSchema(json);
  if (typeof serializable === 'string') return serializable;
  try {
    return fastJson(serializable as unknown as Parameters<typeof fastJson>[0]) as Stringify;
  } catch (error) {
    return `fast-json-stringify refused it (${error instanceof Error ? error.message : String(error)})`;
  }
}
