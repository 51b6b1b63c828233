import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { Access, BodyOf, DataOf, ListMeta, ParamsOf, QueryOf, RouteContract } from '@sejour/domain';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/access';
import type { Actor } from '../auth/actor';
import { ok } from './error-handler';
import { envelope, listEnvelope } from './schemas';

/** The Fastify instance features register their routes on (the `/api` scope, zod type provider). */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The caller a handler receives: the signed-in user, or `null` on a public route. */
export type ActorOf<C extends RouteContract> = C['access'] extends 'public' ? null : Actor;

export interface HandlerInput<C extends RouteContract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  actor: ActorOf<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A file answer (`produces`): its bytes, and the name offered to the browser. */
export interface FileResult {
  /** A stream is sent as it is produced (large exports, combined PDFs). */
  body: Buffer | string | NodeJS.ReadableStream;
  filename?: string;
  /** The file's own media type, when the contract names a family of them (a stored register). */
  contentType?: string;
  /** Validator of this version of the file: a request with `If-None-Match` equal to it gets `304`. */
  etag?: string;
  cacheControl?: string;
}

/** What a handler returns: the envelope's `data`; a list's `{ data, meta }`; a file's bytes. */
export type ResultOf<C extends RouteContract> = C['produces'] extends string
  ? FileResult
  : C['envelope'] extends 'list'
    ? { data: DataOf<C>; meta: ListMeta }
    : DataOf<C>;

export type Handler<C extends RouteContract> = (input: HandlerInput<C>) => Promise<ResultOf<C>>;

/** One handler per endpoint of a feature's `…Api` object. */
export type Handlers<A extends Record<string, RouteContract>> = { [K in keyof A]: Handler<A[K]> };

function responseSchema(contract: RouteContract): z.ZodType | undefined {
  if (contract.produces) return undefined;
  if (contract.envelope === 'list') {
    const item = contract.response instanceof z.ZodArray ? contract.response.element : contract.response;
    return listEnvelope(item as z.ZodType);
  }
  return envelope(contract.response);
}

/**
 * `attachment` with the file's own name: an ASCII fallback for old clients and the exact name (accents,
 * apostrophes) encoded as RFC 6266 / 5987 says, since a header cannot carry it raw.
 */
export function contentDisposition(filename: string): string {
  const fallback =
    filename
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'fichier';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function isPublic(access: Access): boolean {
  return access === 'public';
}

/**
 * Registers one endpoint from its contract: method and path, zod schemas (validation, serialisation,
 * OpenAPI), the envelope, the success status, the body limit. The contract rides in the route's config,
 * where the access hook (src/auth/access.ts) reads its rule and owned resource before the handler runs.
 */
export function route<C extends RouteContract>(app: Api, contract: C, handler: Handler<C>): void {
  const status = contract.status ?? 200;
  const response = responseSchema(contract);
  app.route({
    method: contract.method,
    url: contract.path,
    config: { contract },
    ...(contract.bodyLimit ? { bodyLimit: contract.bodyLimit } : {}),
    schema: {
      summary: contract.summary,
      tags: [...contract.tags],
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(response ? { response: { [status]: response } } : {}),
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as ParamsOf<C>,
        query: request.query as QueryOf<C>,
        body: request.body as BodyOf<C>,
        actor: (isPublic(contract.access) ? null : currentUser(request)) as ActorOf<C>,
        request,
        reply,
      });
      reply.status(status);
      if (contract.produces) {
        const file = result as FileResult;
        if (file.cacheControl) reply.header('cache-control', file.cacheControl);
        if (file.etag) {
          reply.header('etag', file.etag);
          if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
        }
        reply.type(file.contentType ?? contract.produces);
        if (file.filename) {
          reply.header('content-disposition', contentDisposition(file.filename));
        }
        return reply.send(file.body);
      }
      if (contract.envelope === 'list') {
        const list = result as { data: unknown; meta: ListMeta };
        return reply.send({ success: true as const, data: list.data, meta: list.meta });
      }
      return reply.send(ok(result));
    },
  });
}

/** Registers every endpoint of a feature's `…Api` object with its handler. */
export function routes<A extends Record<string, RouteContract>>(
  app: Api,
  api: A,
  handlers: Handlers<A>,
): void {
  for (const name of Object.keys(api) as (keyof A & string)[]) {
    const contract = api[name];
    if (contract) route(app, contract, handlers[name]);
  }
}
