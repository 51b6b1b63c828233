import type { Role } from '@sejour/domain';
import { afterAll, beforeAll } from 'vitest';
import type { AppDependencies } from '../src/app';
import type { UserRow } from '../src/db/schema';
import { MAIL_ENV, mailTo } from './helpers/account-links';
import { type SmtpCatcher, startSmtpCatcher } from './helpers/smtp-catcher';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';

/** The accounts a file may ask for; `host` and `otherHost` are two hosts. */
export type Session = 'host' | 'otherHost' | 'admin' | 'superadmin';

const ROLES: Record<Session, Role> = {
  host: 'host',
  otherHost: 'host',
  admin: 'admin',
  superadmin: 'superadmin',
};

export interface ApiOptions<S extends Session> {
  /** Configuration over the tests' own (silent logs, reminders off). */
  env?: Record<string, string>;
  /** The app's mails go to an in-process SMTP server (`smtp`), with the mail settings (public URL, sender). */
  mail?: boolean;
  /** Accounts created in this order (password `TEST_PASSWORD`) and logged in: `users.admin`, `tokens.admin`. */
  sessions?: readonly S[];
  /** The clock moved to this instant once the app has started (it starts on 15 March 2026, 10:00 UTC). */
  at?: string;
  /** Where the app's log lines go (raise `LOG_LEVEL` in `env` to see them). */
  logStream?: AppDependencies['logStream'];
}

/** The app of one test file (see `TestApp`), with its accounts and, when asked for, its SMTP server. */
export interface Api<S extends Session = never> extends TestApp {
  users: Record<S, UserRow>;
  tokens: Record<S, string>;
  smtp: SmtpCatcher;
}

/**
 * The one set-up of the API tests. Called at the top of a file, it starts the app on a fresh copy of the
 * migrated database before the file's tests (a `beforeAll` of the file's own, declared after it, runs once
 * it is ready) and closes everything after them. The object it returns is usable from then on.
 */
export function useApp<S extends Session = never>(options: ApiOptions<S> = {}): Api<S> {
  let current: TestApp | undefined;
  let smtp: SmtpCatcher | undefined;
  const users = {} as Record<S, UserRow>;
  const tokens = {} as Record<S, string>;

  const ready = (): TestApp => {
    if (!current) throw new Error('useApp: the app exists from the file’s beforeAll on');
    return current;
  };

  beforeAll(async () => {
    if (options.mail) smtp = await startSmtpCatcher();
    current = await createTestApp(
      { ...(smtp ? MAIL_ENV : {}), ...options.env },
      { mail: smtp ? mailTo(smtp) : undefined, logStream: options.logStream },
    );
    if (options.at) current.clock.advance(Date.parse(options.at) - current.clock.now().getTime());
    for (const session of options.sessions ?? []) {
      users[session] = await current.createUser({ role: ROLES[session] });
      tokens[session] = await current.login(users[session].username, TEST_PASSWORD);
    }
  });
  afterAll(async () => {
    await current?.close();
    await smtp?.close();
  });

  return {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    get clock() {
      return ready().clock;
    },
    get smtp() {
      if (!smtp) throw new Error('useApp: the SMTP server is started by `mail: true`');
      return smtp;
    },
    users,
    tokens,
    call: (request) => ready().call(request),
    createUser: (overrides) => ready().createUser(overrides),
    login: (username, password) => ready().login(username, password),
    close: () => ready().close(),
  };
}
