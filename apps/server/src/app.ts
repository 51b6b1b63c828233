import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod';
import { APP_VERSION } from '@sejour/domain';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Transporter } from 'nodemailer';
import * as account from './account/routes';
import * as activation from './activation/routes';
import { createActivationService } from './activation/service';
import * as admins from './admins/routes';
import * as audit from './audit/routes';
import { installAccessControl } from './auth/access';
import * as auth from './auth/routes';
import { createTokenService } from './auth/tokens';
import * as changeRequests from './change-requests/routes';
import { createChangeRequestsService } from './change-requests/service';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import * as declarations from './declarations/routes';
import * as establishments from './establishments/routes';
import type { FeatureDeps } from './feature';
import * as health from './health/routes';
import { createClassificationLapseNotices } from './home/classification-lapses';
import { createMonthlyReminder } from './home/reminders';
import * as home from './home/routes';
import { installErrorHandling } from './http/error-handler';
import { errorBody } from './http/errors';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { loggerOptions } from './http/logging';
import { createResponseSerializerCompiler } from './http/serializer';
import { createUsersRepository } from './identity/repository';
import { createMailer } from './mail/mailer';
import { createOffloadPool } from './offload/pool';
import * as onboarding from './onboarding/routes';
import * as pricings from './pricings/routes';
import * as providers from './providers/routes';
import * as register from './register/routes';
import * as reports from './reports/routes';
import * as resume from './resume/routes';
import { registerSecurityHeaders } from './security/headers';
import { createRateLimiter } from './security/rate-limiter';
import * as settings from './settings/routes';
import { resolveTokenSecret } from './settings/secret';
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
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Mail delivery: tests pass a transport to an in-process SMTP server, and short retry delays. */
  mail?: {
    transport?: Transporter;
    retryDelaysMs?: readonly number[];
    pollMs?: number;
    /** Sends per minute at most (tests of the pace); else the configuration's. */
    perMinute?: number;
  };
  /** Sees every route as it is registered (tests probe them all). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(deps.logLevel ?? config.logLevel, deps.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Long enough for a large upload on a slow line, short enough to drop stalled clients.
    requestTimeout: 60_000,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({
      checkContract: config.checkResponses,
      onFallback: ({ method, url, reason }) =>
        app.log.warn({ method, url, reason }, 'response schema not compiled: serialised by zod'),
    }),
  );
  installErrorHandling(app);

  const db = database.db;
  const tokens = createTokenService({
    secret: await resolveTokenSecret(db, config.jwtSecret),
    sessionTtlSeconds: config.tokenTtlSeconds,
    now,
  });
  const users = createUsersRepository(db);
  const limiter = createRateLimiter(db, now);
  installAccessControl(app, { tokens, users, db });
  const mailer = createMailer({
    db,
    from: config.mailFrom,
    log: app.log,
    transport: deps.mail?.transport,
    smtpUrl: config.smtpUrl,
    logLinks: config.logMailLinks,
    dataDir: config.dataDir,
    retryDelaysMs: deps.mail?.retryDelaysMs,
    pollMs: deps.mail?.pollMs,
    perMinute: deps.mail?.perMinute ?? config.mailPerMinute,
  });
  app.decorate('mailer', mailer);
  const activationService = createActivationService({
    db,
    tokens,
    limiter,
    mailer,
    now,
    log: app.log,
    publicUrl: config.publicUrl,
    collectivityName: config.collectivityName,
  });
  // Accepted change requests whose day has come are applied by the scheduler that sends the reminders.
  const changeRequestsService = createChangeRequestsService({
    db,
    now,
    mailer,
    mail: activationService,
    log: app.log,
    publicUrl: config.publicUrl,
    collectivityName: config.collectivityName,
  });
  app.decorate('changeRequests', changeRequestsService);
  const reminders = createMonthlyReminder({
    db,
    now,
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    collectivityName: config.collectivityName,
    ...config.reminders,
    tasks: [{ name: 'change requests', run: () => changeRequestsService.applyDue() }],
  });
  app.decorate('reminders', reminders);
  app.addHook('onReady', async () => reminders.start());
  // The notices of lapsing classifications are reminders too: on and off with them.
  const lapseNotices = createClassificationLapseNotices({
    db,
    now,
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    collectivityName: config.collectivityName,
    enabled: config.reminders.enabled,
  });
  app.decorate('classificationLapseNotices', lapseNotices);
  app.addHook('onReady', async () => lapseNotices.start());
  const offload = createOffloadPool();
  app.addHook('onClose', async () => {
    await reminders.stop();
    await lapseNotices.stop();
    await mailer.close();
    await offload.close();
  });

  await registerSecurityHeaders(app);
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
      // API answers carry tokens and personal data: no browser or proxy may keep them — unless a route set
      // its own rule (private images answered 304 while unchanged).
      api.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        return payload;
      });
      // API calls only: the web app's files are not counted (a page load fetches many at once).
      await api.register(rateLimit, {
        max: config.rateLimitMax,
        timeWindow: '1 minute',
        errorResponseBuilder: (_request, context) => ({
          statusCode: context.statusCode,
          ...errorBody('rate_limited'),
        }),
      });
      const features: FeatureDeps = {
        config,
        db,
        databaseKind: database.kind,
        now,
        tokens,
        limiter,
        activation: activationService,
        mailer,
        offload,
      };
      // One line per feature: each registers its routes from its contracts.
      health.register(api, features);
      auth.register(api, features);
      account.register(api, features);
      activation.register(api, features);
      providers.register(api, features);
      admins.register(api, features);
      pricings.register(api, features);
      establishments.register(api, features);
      reports.register(api, features);
      declarations.register(api, features);
      register.register(api, features);
      resume.register(api, features);
      settings.register(api, features);
      home.register(api, features);
      audit.register(api, features);
      onboarding.register(api, features);
      changeRequests.register(api, features);
    },
    { prefix: '/api' },
  );

  const pageAt = deps.webRoot ? await serveWebApp(app, deps.webRoot) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (pageAt && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api')) {
      // History fallback: the web app's router decides, and shows its 404 page for unknown paths.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(pageAt(path));
    }
    return reply.status(404).send(errorBody('not_found'));
  });

  return app;
}
