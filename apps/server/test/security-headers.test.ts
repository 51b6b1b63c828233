import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/auth/tokens';
import { LINK_TEST_SECRET } from './helpers/link-token';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Headers of every answer, and the tokens a validly signed payload still does not make acceptable. */

let t: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET: LINK_TEST_SECRET });
  behindProxy = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
  await behindProxy?.close();
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const response = await t.call({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent on a forwarded HTTPS claim unless the proxy is trusted', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent behind a trusted proxy that says the client used HTTPS, on the API and the web app', async () => {
    for (const url of ['/api/health', '/']) {
      const https = await behindProxy.call({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    }
    const http = await behindProxy.call({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Permissions-Policy', () => {
  it('turns off the browser features the product never uses, on answers and errors alike', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/']) {
      const policy = String((await t.call({ method: 'GET', url })).headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(policy, url).toContain(feature);
    }
  });
});

describe('Content-Security-Policy', () => {
  it('runs no inline script; inline styles only, for the UI kit (docs/decisions/0124-security-style-csp.md)', async () => {
    const policy = String((await t.call({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const directive = (name: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive('default-src')).toBe("default-src 'self'");
  });
});

describe('a session token without an expiry', () => {
  it('is refused although validly signed; the same claims with an expiry are accepted', async () => {
    const user = await t.createUser();
    const claims = {
      user: { id: user.id, username: user.username, role: user.role },
      ver: user.tokenVersion,
    };
    const key = new TextEncoder().encode(LINK_TEST_SECRET);
    const iat = Math.floor(t.clock.now().getTime() / 1000);
    const forever = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(iat).sign(key);
    const refused = await t.call({ method: 'GET', url: '/api/users/me', token: forever });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, code: 'token_invalid' });

    const signer = createTokenService({ secret: LINK_TEST_SECRET, sessionTtlSeconds: 60, now: t.clock.now });
    const dated = await signer.sign(user);
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: dated })).statusCode).toBe(200);
  });
});
