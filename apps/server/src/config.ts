import { resolve } from 'node:path';
import { DEFAULT_TOKEN_TTL_SECONDS } from '@sejour/domain';
import { z } from 'zod';

const envSchema = z.object({
  DATABASE_URL: z.string().url().optional(),
  /** Connections per instance to the PostgreSQL server of `DATABASE_URL`. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATA_DIR: z.string().default('./data'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL: z.coerce.number().int().positive().default(DEFAULT_TOKEN_TTL_SECONDS),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Séjour <no-reply@sejour.local>'),
  /**
   * Mails an instance hands to the SMTP server per minute at most (0: one after the other, without pause). A
   * bulk invitation of thousands of providers then goes out at a pace the server accepts.
   */
  MAIL_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** Shown in e-mails (and on documents): who runs this back-office. */
  COLLECTIVITY_NAME: z.string().trim().min(1).default('Communauté de communes'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_EMAIL: z.string().default('admin@sejour.local'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1000),
  /** The monthly reminder of missing declarations: `off` turns it off. */
  REMINDERS: z.enum(['on', 'off']).default('on'),
  /** Day of the month from which the previous month's reminder is sent. */
  REMINDER_DAY: z.coerce.number().int().min(1).max(28).default(5),
  /** `production` keeps one-use links out of the log (see `LOG_MAIL_LINKS`); `development` logs them. */
  NODE_ENV: z.string().optional(),
  /**
   * Without SMTP_URL, whether each mail's link (a live one-use token) is logged beside the outbox file. On in
   * development only, unless set: a log is read by more people, and kept longer, than the accounts it opens.
   */
  LOG_MAIL_LINKS: z
    .enum(['1', '0', 'true', 'false', 'on', 'off'])
    .transform((v) => v === '1' || v === 'true' || v === 'on')
    .optional(),
  /**
   * Whether every JSON answer is also checked against its zod contract (src/http/serializer.ts): on in tests
   * (`NODE_ENV=test` or the test app), off by default, where the compiled serialiser alone writes answers.
   */
  CHECK_RESPONSES: z
    .enum(['1', '0', 'true', 'false', 'on', 'off'])
    .transform((v) => v === '1' || v === 'true' || v === 'on')
    .optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** With SMTP_URL and no MAIL_PER_MINUTE: two a second, which common relays accept from one sender. */
export const DEFAULT_MAIL_PER_MINUTE = 120;

export interface Config {
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  port: number;
  host: string;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  /** Without SMTP, log each mail's link (development, or `LOG_MAIL_LINKS=1`). */
  logMailLinks: boolean;
  /** Check each JSON answer against its zod contract besides the compiled serialiser (tests). */
  checkResponses: boolean;
  mailFrom: string;
  /** Mails sent per minute at most by this instance (0: no pause between two). */
  mailPerMinute: number;
  publicUrl: string;
  collectivityName: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  admin: { username: string; password: string | undefined; email: string };
  rateLimitMax: number;
  trustProxy: boolean;
  reminders: { enabled: boolean; day: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL= npm start` means: the embedded database).
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: resolve(e.DATA_DIR),
    port: e.PORT,
    host: e.HOST,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL,
    smtpUrl: e.SMTP_URL,
    logMailLinks: e.LOG_MAIL_LINKS ?? e.NODE_ENV === 'development',
    mailFrom: e.MAIL_FROM,
    // A real mail server may refuse bursts; the outbox (a folder) takes anything.
    mailPerMinute: e.MAIL_PER_MINUTE ?? (e.SMTP_URL ? DEFAULT_MAIL_PER_MINUTE : 0),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    collectivityName: e.COLLECTIVITY_NAME,
    logLevel: e.LOG_LEVEL,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    rateLimitMax: e.RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY,
    checkResponses: e.CHECK_RESPONSES ?? e.NODE_ENV === 'test',
    reminders: { enabled: e.REMINDERS === 'on', day: e.REMINDER_DAY },
  };
}
