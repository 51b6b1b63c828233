import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import { defineRoute, idParamsSchema } from '@sejour/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installAccessControl } from '../src/auth/access';
import { createTokenService } from '../src/auth/tokens';
import { routes } from '../src/http/contract-routes';
import { installErrorHandling } from '../src/http/error-handler';
import { createUsersRepository } from '../src/identity/repository';
import { useApp } from './fixture';
import { insertOwnedRows } from './helpers/owned-rows';

/**
 * The registration from contracts, on routes no feature has yet: a host-owned resource, a file answer, a
 * per-route body limit. The real access hook, tokens and database; only the routes are made up.
 */
const thingsApi = {
  get: defineRoute({
    method: 'GET',
    path: '/things/:id',
    summary: 'Une chose d’un hébergeur',
    tags: ['test'],
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    response: z.object({ id: z.number(), by: z.number() }),
    errors: ['not_found'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/things/:id',
    summary: 'Modifier une chose',
    tags: ['test'],
    access: 'user',
    owns: 'establishment',
    params: idParamsSchema,
    body: z.object({ name: z.string().min(1) }),
    response: z.object({ name: z.string() }),
    errors: ['not_found'],
  }),
  export: defineRoute({
    method: 'GET',
    path: '/things.csv',
    summary: 'Les choses en CSV',
    tags: ['test'],
    access: 'public',
    response: z.never(),
    produces: 'text/csv; charset=utf-8',
    errors: [],
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/things/upload',
    summary: 'Envoyer un gros fichier',
    tags: ['test'],
    access: 'public',
    body: z.object({ data: z.string() }),
    response: z.number(),
    status: 201,
    bodyLimit: 3 * 1024 * 1024,
    errors: ['payload_too_large'],
  }),
};

const t = useApp();
let app: FastifyInstance;
const tokens: Record<'hostA' | 'hostB' | 'admin', string> = { hostA: '', hostB: '', admin: '' };
let rowsA: Awaited<ReturnType<typeof insertOwnedRows>>;
let rowsB: Awaited<ReturnType<typeof insertOwnedRows>>;

beforeAll(async () => {
  const db = t.database.db;
  const tokenService = createTokenService({
    secret: 'x'.repeat(40),
    sessionTtlSeconds: 3600,
    now: () => new Date(),
  });
  const hostA = await t.createUser({ role: 'host' });
  const hostB = await t.createUser({ role: 'host' });
  const admin = await t.createUser({ role: 'admin' });
  tokens.hostA = await tokenService.sign(hostA);
  tokens.hostB = await tokenService.sign(hostB);
  tokens.admin = await tokenService.sign(admin);
  rowsA = await insertOwnedRows(db, hostA.id);
  rowsB = await insertOwnedRows(db, hostB.id);

  const server = Fastify({ bodyLimit: 1024 * 1024 }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  installErrorHandling(server);
  installAccessControl(server, { tokens: tokenService, users: createUsersRepository(db), db });
  await server.register(
    async (api) => {
      routes(api, thingsApi, {
        get: async ({ params, actor }) => ({ id: params.id, by: actor.id }),
        update: async ({ body }) => ({ name: body.name }),
        export: async () => ({ body: 'a;b\r\n1;2\r\n', filename: 'choses.csv' }),
        upload: async ({ body }) => body.data.length,
      });
    },
    { prefix: '/api' },
  );
  app = server;
  await app.ready();
});
afterAll(() => app.close());

const get = (id: number, token: string) =>
  app.inject({ method: 'GET', url: `/api/things/${id}`, headers: { authorization: token } });

describe('owns: a host-owned resource', () => {
  it('a host reaches their own row; the handler gets the typed params and the actor', async () => {
    const response = await get(rowsA.establishment, tokens.hostA);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { id: rowsA.establishment, by: expect.any(Number) },
    });
  });

  it('another host’s id answers exactly like a missing one, before the body is validated', async () => {
    const foreign = await get(rowsB.establishment, tokens.hostA);
    const missing = await get(999_999, tokens.hostA);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(foreign.json()).toMatchObject({ success: false, code: 'not_found' });
    const write = await app.inject({
      method: 'PUT',
      url: `/api/things/${rowsB.establishment}`,
      headers: { authorization: tokens.hostA },
      payload: {},
    });
    expect(write.statusCode).toBe(404);
  });

  it('an admin reaches any existing row; a malformed id is a validation error', async () => {
    expect((await get(rowsB.establishment, tokens.admin)).statusCode).toBe(200);
    const malformed = await app.inject({
      method: 'GET',
      url: '/api/things/abc',
      headers: { authorization: tokens.admin },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('validation_error');
  });
});

describe('answers', () => {
  it('produces: the file itself, with its media type and name', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/things.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="choses.csv"; filename*=UTF-8''choses.csv`,
    );
    expect(response.body).toBe('a;b\r\n1;2\r\n');
  });

  it('bodyLimit: a route accepts more than the global limit, up to its own', async () => {
    const send = (size: number) =>
      app.inject({ method: 'POST', url: '/api/things/upload', payload: { data: 'x'.repeat(size) } });
    const large = await send(2 * 1024 * 1024);
    expect(large.statusCode).toBe(201);
    expect(large.json()).toEqual({ success: true, data: 2 * 1024 * 1024 });
    const tooLarge = await send(4 * 1024 * 1024);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('payload_too_large');
  });
});
