import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/auth/service';
import { useApp } from './fixture';
import { createTestApp, TEST_PASSWORD } from './helpers/test-app';

const t = useApp();

function expectEnvelopeError(body: Record<string, unknown>, code: string) {
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/stack|argon2|SELECT|password_hash/i);
}

describe('POST /api/users/login', () => {
  it('answers a session token whose payload carries exp and the user', async () => {
    const user = await t.createUser({ username: 'Claire', role: 'admin' });
    const response = await t.call({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'claire', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    const payload = decodeJwt(body.data);
    expect(payload.user).toEqual({ id: user.id, username: 'Claire', role: 'admin' });
    expect(payload.exp).toBe(Math.floor(t.clock.now().getTime() / 1000) + 8 * 3600);
  });

  it('accepts the e-mail address instead of the username', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(decodeJwt(token).user).toMatchObject({ id: user.id });
  });

  it('answers an unknown account and a wrong password alike', async () => {
    const user = await t.createUser();
    const unknown = await t.call({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'nobody-here', password: 'whatever1' },
    });
    const wrong = await t.call({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: user.username, password: 'whatever1' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expectEnvelopeError(wrong.json(), 'invalid_credentials');
  });

  it('refuses disabled, archived and not yet activated accounts with their own code', async () => {
    const disabled = await t.createUser({ disabled: true });
    const archived = await t.createUser({ archived: true });
    const inactive = await t.createUser({ activated: false });
    for (const [user, code] of [
      [disabled, 'account_disabled'],
      [archived, 'account_disabled'],
      [inactive, 'account_not_activated'],
    ] as const) {
      const response = await t.call({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: user.username, password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(403);
      expectEnvelopeError(response.json(), code);
    }
  });

  it('validates the body with French field messages', async () => {
    const response = await t.call({ method: 'POST', url: '/api/users/login', payload: {} });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expectEnvelopeError(body, 'validation_error');
    expect(body.errors).toEqual({
      username: 'Veuillez compléter ce champ.',
      password: 'Veuillez compléter ce champ.',
    });
  });

  it('answers a malformed JSON body with a validation error', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expectEnvelopeError(response.json(), 'validation_error');
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'x'.repeat(2 * 1024 * 1024), password: 'x' },
    });
    expect(response.statusCode).toBe(413);
    expectEnvelopeError(response.json(), 'payload_too_large');
  });

  it('refuses failures from one address beyond its limit within a minute, whatever the account', async () => {
    const user = await t.createUser();
    const attempt = (username: string, password: string) =>
      t.call({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: '127.0.2.1',
        payload: { username, password },
      });
    for (let i = 0; i < LOGIN_LIMITS.address.limit; i++)
      expect((await attempt(`ghost-${i}`, 'wrong-pass')).json().code).toBe('invalid_credentials');
    expect((await attempt(user.username, TEST_PASSWORD)).json().code).toBe('rate_limited');
    t.clock.advance(61_000);
    expect((await attempt(user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('session', () => {
  it('GET /api/users/me needs a token, and tells an invalid one from an expired one', async () => {
    const anonymous = await t.call({ method: 'GET', url: '/api/users/me' });
    expect(anonymous.statusCode).toBe(401);
    expectEnvelopeError(anonymous.json(), 'unauthorized');

    const garbage = await t.call({ method: 'GET', url: '/api/users/me', token: 'not.a.token' });
    expectEnvelopeError(garbage.json(), 'token_invalid');

    const user = await t.createUser();
    const token = await t.login(user.username, TEST_PASSWORD);
    const me = await t.call({ method: 'GET', url: '/api/users/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: user.id, username: user.username, role: 'host' });
    expect(me.json().data).not.toHaveProperty('passwordHash');
    expect(me.json().data).not.toHaveProperty('tokenVersion');

    const raw = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: token } });
    expect(raw.statusCode).toBe(200);

    t.clock.advance(8 * 3600 * 1000 + 1000);
    const expired = await t.call({ method: 'GET', url: '/api/users/me', token });
    expect(expired.statusCode).toBe(401);
    expectEnvelopeError(expired.json(), 'token_expired');
  });

  it('a token signed with another secret is refused', async () => {
    const other = await createTestApp({ JWT_SECRET: 'another-secret-that-is-long-enough-0123456789' });
    try {
      const user = await other.createUser();
      const foreign = await other.login(user.username, TEST_PASSWORD);
      const response = await t.call({ method: 'GET', url: '/api/users/me', token: foreign });
      expectEnvelopeError(response.json(), 'token_invalid');
    } finally {
      await other.close();
    }
  });

  it('a link token (activation, reset) is not a session', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, TEST_PASSWORD);
    // Tamper the payload to claim a purpose: the signature no longer matches.
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ user: { id: user.id }, ver: 0, purpose: 'reset' })).toString('base64url')}.${s}`;
    const response = await t.call({ method: 'GET', url: '/api/users/me', token: forged });
    expectEnvelopeError(response.json(), 'token_invalid');
  });

  it('a session already used (its signature remembered) is refused at once once revoked', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, TEST_PASSWORD);
    for (let i = 0; i < 2; i++)
      expect((await t.call({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(200);
    const changed = await t.call({
      method: 'PUT',
      url: '/api/users/change-password',
      token,
      payload: { currentPassword: TEST_PASSWORD, password: 'A-new-password-9' },
    });
    expect(changed.statusCode).toBe(200);
    const refused = await t.call({ method: 'GET', url: '/api/users/me', token });
    expectEnvelopeError(refused.json(), 'token_invalid');
  });
});

describe('PUT /api/users/update-self', () => {
  it('changes the username, asks to confirm a new e-mail, and answers a fresh token carrying the new name', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, TEST_PASSWORD);
    const response = await t.call({
      method: 'PUT',
      url: '/api/users/update-self',
      token,
      payload: { username: 'renamed.host', email: 'Renamed@Example.test' },
    });
    expect(response.statusCode).toBe(200);
    const { user: updated, token: fresh, pendingEmail } = response.json().data;
    // The new address applies once confirmed through the link mailed to it (test/account-contact.test.ts).
    expect(updated).toMatchObject({ username: 'renamed.host', email: user.email });
    expect(pendingEmail).toBe('Renamed@Example.test');
    expect(decodeJwt(fresh).user).toMatchObject({ username: 'renamed.host' });
  });

  it('refuses a username or e-mail already in use, case-insensitively, on the right field', async () => {
    const taken = await t.createUser({ username: 'TakenName', email: 'taken@example.test' });
    const user = await t.createUser();
    const token = await t.login(user.username, TEST_PASSWORD);
    const byName = await t.call({
      method: 'PUT',
      url: '/api/users/update-self',
      token,
      payload: { username: 'takenname', email: user.email },
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({ code: 'username_taken', errors: { username: expect.any(String) } });
    const byEmail = await t.call({
      method: 'PUT',
      url: '/api/users/update-self',
      token,
      payload: { username: user.username, email: 'TAKEN@example.test' },
    });
    expect(byEmail.json()).toMatchObject({ code: 'email_taken', errors: { email: expect.any(String) } });
    expect(taken.id).not.toBe(user.id);
    const me = await t.call({ method: 'GET', url: '/api/users/me', token });
    expect(me.json().data.username).toBe(user.username);
  });

  it('validates the e-mail and the username length in French', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, TEST_PASSWORD);
    const response = await t.call({
      method: 'PUT',
      url: '/api/users/update-self',
      token,
      payload: { username: 'ab', email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      username:
        'Veuillez utiliser au moins 3 caractères pour ce champ (vous utilisez actuellement 2 caractères).',
      email: 'Veuillez saisir une adresse e-mail valide.',
    });
  });
});

describe('PUT /api/users/change-password', () => {
  it('needs the current password, then revokes every earlier token', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, TEST_PASSWORD);
    const other = await t.login(user.username, TEST_PASSWORD);

    const wrong = await t.call({
      method: 'PUT',
      url: '/api/users/change-password',
      token,
      payload: { currentPassword: 'not-my-password', password: 'A-new-password-9' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'invalid_password',
      errors: { currentPassword: expect.any(String) },
    });

    const tooShort = await t.call({
      method: 'PUT',
      url: '/api/users/change-password',
      token,
      payload: { currentPassword: TEST_PASSWORD, password: 'short' },
    });
    expect(tooShort.json().errors.password).toBe(
      'Veuillez utiliser au moins 8 caractères pour ce champ (vous utilisez actuellement 5 caractères).',
    );

    const changed = await t.call({
      method: 'PUT',
      url: '/api/users/change-password',
      token,
      payload: { currentPassword: TEST_PASSWORD, password: 'A-new-password-9' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().data as string;

    for (const old of [token, other]) {
      const r = await t.call({ method: 'GET', url: '/api/users/me', token: old });
      expectEnvelopeError(r.json(), 'token_invalid');
    }
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: fresh })).statusCode).toBe(200);
    await expect(t.login(user.username, TEST_PASSWORD)).rejects.toThrow();
    await expect(t.login(user.username, 'A-new-password-9')).resolves.toBeTypeOf('string');
  });
});

describe('the HTTP surface', () => {
  it('answers unknown API paths with the not_found envelope', async () => {
    const response = await t.call({ method: 'DELETE', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expectEnvelopeError(response.json(), 'not_found');
  });

  it('reports its health and sends security headers', async () => {
    const response = await t.call({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({
      success: true,
      data: { status: 'ok', version: '1.1.0', database: expect.any(String) },
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('publishes its OpenAPI document', async () => {
    const response = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/users/login');
  });
});

describe('the general API rate limit', () => {
  it('answers 429 with the envelope past RATE_LIMIT_MAX calls a minute from one address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.call({ method: 'GET', url: '/api/health' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await limited.call({ method: 'GET', url: '/api/health' });
      expect(refused.json()).toMatchObject({ success: false, code: 'rate_limited' });
    } finally {
      await limited.close();
    }
  });
});

describe('unexpected failures', () => {
  it('answer 500 internal_error with no detail when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.call({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      code: 'internal_error',
      message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
    });
    await broken.app.close();
  });
});
