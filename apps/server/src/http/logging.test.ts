import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logging';

describe('logs never carry secrets', () => {
  it('masks link tokens and passwords in logged URLs', () => {
    expect(redactUrl('/activate-account?token=eyJabc.def&x=1')).toBe(
      '/activate-account?token=[REDACTED]&x=1',
    );
    expect(redactUrl('/reset-password?a=1&TOKEN=zzz')).toBe('/reset-password?a=1&TOKEN=[REDACTED]');
    expect(redactUrl('/api/users?q=token')).toBe('/api/users?q=token');
  });

  it('redacts the Authorization header and password fields', () => {
    const options = loggerOptions('info') as { redact: { paths: string[] } };
    expect(options.redact.paths).toEqual(
      expect.arrayContaining(['req.headers.authorization', '*.password', '*.currentPassword', '*.token']),
    );
  });
});

describe('database errors are logged without their parameters', () => {
  it('keeps the SQL text, drops the values and the database detail', async () => {
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    const { default: Fastify } = await import('fastify');
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(marie.secret@example.test) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("username", "email") values ($1, $2)',
      ['marie', 'marie.secret@example.test'],
      cause,
    );
    const lines: string[] = [];
    const app = Fastify({
      logger: { ...(loggerOptions('info') as object), stream: { write: (line: string) => lines.push(line) } },
    });
    app.log.error({ err: error }, 'unexpected error');
    await app.close();
    const logged = lines.join('');
    expect(logged).not.toContain('marie.secret@example.test');
    expect(logged).not.toContain('"marie"');
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
  });
});
