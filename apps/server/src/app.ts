import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from '@fastify/type-provider-zod';
import { APP_VERSION } from '@sejour/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import { accountRoutes } from './account/routes';
import { createAccountService } from './account/service';
import { adminsRoutes } from './admins/routes';
import { createAdminsService } from './admins/service';
import { installAccessControl } from './auth/access';
import { authRoutes } from './auth/routes';
import { createAuthService } from './auth/service';
import { createTokenService } from './auth/tokens';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { healthRoutes } from './health/routes';
import { installErrorHandling } from './http/error-handler';
import { errorBody } from './http/errors';
import { loggerOptions } from './http/logging';
import { createMailer } from './mail/mailer';
import { pricingsRoutes } from './pricings/routes';
import { createPricingsService } from './pricings/service';
import { createRateLimiter } from './security/rate-limiter';
import { resolveTokenSecret } from './settings/secret';
import { providersRoutes } from './users/providers-routes';
import { createProvidersService } from './users/providers-service';
import { createUsersRepository } from './users/repository';
import { serveWebApp } from './web/static';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The clock; tests move it to check expiries. */
  now?: () => Date;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string;
  /** Logger level override (tests keep quiet). */
  logLevel?: string;
  /** Mail delivery: tests pass a transport to an in-process SMTP server, and short retry delays. */
  mail?: { transport?: Transporter; retryDelaysMs?: readonly number[] };
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(deps.logLevel ?? config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Long enough for a large upload on a slow line, short enough to drop stalled clients.
    requestTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  const db = database.db;
  const tokens = createTokenService({
    secret: await resolveTokenSecret(db, config.jwtSecret),
    sessionTtlSeconds: config.tokenTtlSeconds,
    now,
  });
  const users = createUsersRepository(db);
  const limiter = createRateLimiter(db, now);
  installAccessControl(app, { tokens, users });
  const mailer = createMailer({
    from: config.mailFrom,
    log: app.log,
    transport: deps.mail?.transport,
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    retryDelaysMs: deps.mail?.retryDelaysMs,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.close());
  const account = createAccountService({
    db,
    tokens,
    limiter,
    mailer,
    now,
    log: app.log,
    publicUrl: config.publicUrl,
    collectivityName: config.collectivityName,
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Séjour API',
        version: APP_VERSION,
        description: 'API du back-office de la taxe de séjour',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      // API calls only: the web app's files are not counted (a page load fetches many at once).
      await api.register(rateLimit, {
        max: config.rateLimitMax,
        timeWindow: '1 minute',
        errorResponseBuilder: (_request, context) => ({
          statusCode: context.statusCode,
          ...errorBody('rate_limited'),
        }),
      });
      await api.register(healthRoutes, { db, kind: database.kind });
      await api.register(pricingsRoutes, { service: createPricingsService({ db, now }) });
      await api.register(authRoutes, { service: createAuthService({ users, tokens, limiter }) });
      await api.register(accountRoutes, { service: account });
      await api.register(providersRoutes, { service: createProvidersService({ db, mail: account }) });
      await api.register(adminsRoutes, { service: createAdminsService({ db, mail: account }) });
    },
    { prefix: '/api' },
  );

  const hasWeb = deps.webRoot ? await serveWebApp(app, deps.webRoot) : false;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api')) {
      // History fallback: the web app's router decides, and shows its 404 page for unknown paths.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('not_found'));
  });

  return app;
}
