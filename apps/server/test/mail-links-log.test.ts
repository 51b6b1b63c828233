import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { mailDestination } from '../src/mail/destination';
import { PUBLIC_URL } from './helpers/account-links';
import { createTestApp } from './helpers/test-app';

/**
 * Without SMTP_URL, a mail's link (a live one-use token) reaches the log only in development or when asked
 * for: a production log must not open accounts.
 */

/** Asks a reset link on an app without SMTP and answers what was logged and what the outbox holds. */
async function askResetWithoutSmtp(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sejour-mail-log-'));
  const lines: string[] = [];
  const app = await createTestApp(
    { DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: 'info', ...env },
    { logStream: { write: (line) => lines.push(line) } },
  );
  try {
    const user = await app.createUser();
    const answer = await app.call({
      method: 'POST',
      url: '/api/users/ask-reset-password',
      payload: { username: user.username },
    });
    expect(answer.statusCode).toBe(200);
    await app.app.mailer.idle();
    const files = readdirSync(join(dataDir, 'outbox'));
    const eml = files.map((f) => readFileSync(join(dataDir, 'outbox', f), 'utf8')).join('\n');
    return { log: lines.join(''), files, eml };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('mail links in the log, without SMTP_URL', () => {
  it('in production the mail goes to the outbox only: no link nor token in the log', async () => {
    const { log, files, eml } = await askResetWithoutSmtp({ NODE_ENV: 'production' });
    expect(files).toHaveLength(1);
    expect(eml).toContain('reset-password?token=');
    expect(log).toContain('mail written to the outbox');
    expect(log).not.toContain('token=');
    expect(log).not.toContain('"link"');
  });

  it('with no NODE_ENV either (an install run as is): no link in the log', async () => {
    const { log } = await askResetWithoutSmtp({});
    expect(log).toContain('mail written to the outbox');
    expect(log).not.toContain('token=');
  });

  it('in development the link is logged, so that a developer can follow it', async () => {
    const { log } = await askResetWithoutSmtp({ NODE_ENV: 'development' });
    expect(log).toMatch(/"link":"http[^"]*\/reset-password\?token=/);
  });

  it('LOG_MAIL_LINKS=1 logs it even in production; LOG_MAIL_LINKS=0 silences development', async () => {
    expect((await askResetWithoutSmtp({ NODE_ENV: 'production', LOG_MAIL_LINKS: '1' })).log).toContain(
      'reset-password?token=',
    );
    expect((await askResetWithoutSmtp({ NODE_ENV: 'development', LOG_MAIL_LINKS: '0' })).log).not.toContain(
      'token=',
    );
  });
});

describe('the start-up message says where mails go', () => {
  it('SMTP, the outbox only, or the outbox with links logged', () => {
    expect(mailDestination(loadConfig({ SMTP_URL: 'smtp://mail.example.fr:25' }))).toMatch(/SMTP_URL/);
    const production = mailDestination(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/srv/sejour' }));
    expect(production).toContain('/srv/sejour/outbox only');
    expect(production).toContain('links not logged');
    const development = mailDestination(loadConfig({ NODE_ENV: 'development', DATA_DIR: '/srv/sejour' }));
    expect(development).toContain('/srv/sejour/outbox');
    expect(development).toContain('links logged');
  });

  it('refuses a LOG_MAIL_LINKS that means nothing, naming the variable', () => {
    expect(() => loadConfig({ LOG_MAIL_LINKS: 'peut-être' })).toThrow(/LOG_MAIL_LINKS/);
  });
});
