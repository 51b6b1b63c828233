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
