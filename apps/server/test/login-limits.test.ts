import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/auth/service';
import { useApp } from './fixture';
import { TEST_PASSWORD } from './helpers/test-app';

/** Login limits under bursts and against lockout (docs/decisions/0104-login-limits.md). */

const t = useApp();

let addressCounter = 0;
/** A fresh client address for each use, so that tests do not share address limits. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.${20 + Math.floor(addressCounter / 62500)}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

function login(username: string, password: string, remoteAddress: string) {
  return t.call({ method: 'POST', url: '/api/users/login', remoteAddress, payload: { username, password } });
}

/** Every answer is either a verification (`invalid_credentials`) or a refusal before it (`rate_limited`). */
function tally(codes: string[]) {
  const verified = codes.filter((c) => c === 'invalid_credentials').length;
  const refused = codes.filter((c) => c === 'rate_limited').length;
  expect(verified + refused).toBe(codes.length);
  return { verified, refused };
}

describe('a burst gets no more password verifications than the limit', () => {
  it('50 parallel wrong passwords from one address: at most the per-address-and-account limit verified', async () => {
    const user = await t.createUser();
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(user.username, `wrong-${i}-pass`, address)),
    );
    const { verified } = tally(answers.map((a) => a.json().code));
    expect(verified).toBeLessThanOrEqual(LOGIN_LIMITS.accountAddress.limit);
    expect(verified).toBeGreaterThan(0);
  });

  it('100 parallel wrong passwords from 100 addresses: at most the per-account allowance verified', async () => {
    const user = await t.createUser();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(user.username, `wrong-${i}-pass`, freshAddress())),
    );
    const { verified } = tally(answers.map((a) => a.json().code));
    expect(verified).toBeLessThanOrEqual(LOGIN_LIMITS.account.limit);
  });
});

describe('a stranger cannot lock an account out', () => {
  it('after many failures from one address, the right password from another address logs in', async () => {
    const user = await t.createUser();
    const attacker = freshAddress();
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit + 2; i++)
      await login(user.username, `bad-${i}`, attacker);
    expect((await login(user.username, TEST_PASSWORD, attacker)).json().code).toBe('rate_limited');
    expect((await login(user.username, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('failures by username and by e-mail count against the one account', async () => {
    const user = await t.createUser();
    const address = freshAddress();
    const codes: string[] = [];
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++) {
      const name = i % 2 === 0 ? user.username : user.email.toUpperCase();
      codes.push((await login(name, `bad-${i}`, address)).json().code);
    }
    expect(codes.every((c) => c === 'invalid_credentials')).toBe(true);
    expect((await login(user.email, 'bad-again', address)).json().code).toBe('rate_limited');
    expect((await login(user.username, TEST_PASSWORD, address)).json().code).toBe('rate_limited');
    // It is the account's limit at that address, not the address's own: another name is still verified.
    expect((await login('nobody-here', 'bad-again', address)).json().code).toBe('invalid_credentials');
  });

  it('during a distributed attack the owner still logs in from an address they used before', async () => {
    const user = await t.createUser();
    const home = freshAddress();
    expect((await login(user.username, TEST_PASSWORD, home)).statusCode).toBe(200);
    await Promise.all(
      Array.from({ length: LOGIN_LIMITS.account.limit + 5 }, (_, i) =>
        login(user.username, `wrong-${i}-pass`, freshAddress()),
      ),
    );
    expect((await login(user.username, TEST_PASSWORD, home)).statusCode).toBe(200);
    // A new address waits for the end of the window.
    expect((await login(user.username, TEST_PASSWORD, freshAddress())).json().code).toBe('rate_limited');
    t.clock.advance(LOGIN_LIMITS.account.windowMs + 1000);
    expect((await login(user.username, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('successful logins do not use the limits up', async () => {
    const user = await t.createUser();
    const address = freshAddress();
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit + 3; i++)
      expect((await login(user.username, TEST_PASSWORD, address)).statusCode).toBe(200);
  });
});

describe('every route that checks a password has the login limits', () => {
  function changePassword(token: string, currentPassword: string, remoteAddress: string) {
    return t.call({
      method: 'PUT',
      url: '/api/users/change-password',
      token,
      remoteAddress,
      payload: { currentPassword, password: 'Une-autre-phrase-de-passe-7' },
    });
  }

  it('after the limit of wrong current passwords, change-password answers 429 even with the right one', async () => {
    const user = await t.createUser();
    const address = freshAddress();
    const token = await t.login(user.username, TEST_PASSWORD);
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++)
      expect((await changePassword(token, `bad-${i}`, address)).json().code).toBe('invalid_password');
    const refused = await changePassword(token, TEST_PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'rate_limited' });
    // Nothing changed: the password is still the old one.
    expect((await login(user.username, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('a burst of wrong current passwords gets no more verifications than the limit', async () => {
    const user = await t.createUser();
    const address = freshAddress();
    const token = await t.login(user.username, TEST_PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => changePassword(token, `wrong-${i}`, address)),
    );
    const codes = answers.map((a) => a.json().code as string);
    const verified = codes.filter((c) => c === 'invalid_password').length;
    expect(verified + codes.filter((c) => c === 'rate_limited').length).toBe(codes.length);
    expect(verified).toBeLessThanOrEqual(LOGIN_LIMITS.accountAddress.limit);
  });

  it('guesses through the login and through change-password count together', async () => {
    const user = await t.createUser();
    const address = freshAddress();
    const token = await t.login(user.username, TEST_PASSWORD);
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++)
      await login(user.username, `bad-${i}`, address);
    expect((await changePassword(token, TEST_PASSWORD, address)).json().code).toBe('rate_limited');
    // From another address the owner changes it.
    expect((await changePassword(token, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });
});
