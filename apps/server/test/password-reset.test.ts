import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { accountLinkCalls, COLLECTIVITY, HOUR, linkOf, NEW_PASSWORD } from './helpers/account-links';
import { TEST_PASSWORD } from './helpers/test-app';

/** Forgotten passwords reset through a link sent by e-mail, and the password policy of the account page. */

const t = useApp({ mail: true });

const { nextMailTo, askReset, submit, me, pendingUser } = accountLinkCalls(() => ({ t, smtp: t.smtp }));

describe('password reset by e-mail', () => {
  it('by username or e-mail: the link sets a new password, and every earlier session dies', async () => {
    const user = await t.createUser({ firstname: 'Henri' });
    const session1 = await t.login(user.username, TEST_PASSWORD);
    const session2 = await t.login(user.email, TEST_PASSWORD);

    const asked = await askReset(user.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, data: null });
    const mail = await nextMailTo(user.email);
    expect(mail.subject).toBe(`Réinitialisation de votre mot de passe Séjour – ${COLLECTIVITY}`);
    expect(mail.text).toContain('Bonjour Henri,');
    expect(mail.text).toContain('valable 1 heure');
    const { url, token } = linkOf(mail);
    expect(url.pathname).toBe('/reset-password');
    expect(decodeJwt(token)).toMatchObject({ purpose: 'reset' });

    const reset = await submit('reset-password', user.id, token);
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().data as string;
    for (const old of [session1, session2]) {
      const refused = await me(old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('token_invalid');
    }
    expect((await me(fresh)).statusCode).toBe(200);
    await expect(t.login(user.username, TEST_PASSWORD)).rejects.toThrow();
    await expect(t.login(user.username, NEW_PASSWORD)).resolves.toBeTypeOf('string');

    const again = await submit('reset-password', user.id, token, 'Yet-another-password-5');
    expect(again.json().code).toBe('link_used');
  });

  it('using one link kills the others sent before', async () => {
    const user = await t.createUser();
    await askReset(user.username);
    const first = linkOf(await nextMailTo(user.email));
    await askReset(user.username);
    const second = linkOf(await nextMailTo(user.email));
    expect((await submit('reset-password', user.id, second.token)).statusCode).toBe(200);
    expect(
      (await submit('reset-password', user.id, first.token, 'Other-password-for-Henri-3')).json().code,
    ).toBe('link_used');
  });

  it('a reset link expires after 1 hour', async () => {
    const user = await t.createUser();
    await askReset(user.username);
    const { token } = linkOf(await nextMailTo(user.email));
    t.clock.advance(HOUR + 1000);
    const expired = await submit('reset-password', user.id, token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('link_expired');
    await expect(t.login(user.username, TEST_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('answers the same whether or not the account exists, and sends nothing to nobody', async () => {
    const disabled = await t.createUser({ disabled: true });
    const archived = await t.createUser({ archived: true });
    const before = t.smtp.mails.length;
    const answers = await Promise.all(
      ['nobody-at-all', 'ghost@example.test', disabled.username, archived.email].map((u) => askReset(u)),
    );
    const known = await t.createUser();
    const knownAnswer = await askReset(known.username);
    for (const answer of [...answers, knownAnswer]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(knownAnswer.body);
    }
    await nextMailTo(known.email);
    await t.app.mailer.idle();
    expect(t.smtp.mails.length).toBe(before + 1);
  });

  it('an account not activated yet gets its activation link instead', async () => {
    const user = await pendingUser();
    await askReset(user.username);
    const mail = await nextMailTo(user.email);
    expect(mail.subject).toMatch(/^Activez votre compte/);
    const { url, token } = linkOf(mail);
    expect(url.pathname).toBe('/activate-account');
    expect((await submit('activate-account', user.id, token)).statusCode).toBe(200);
  });

  it('validates the request in French', async () => {
    const response = await t.call({ method: 'POST', url: '/api/users/ask-reset-password', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      errors: { username: 'Veuillez compléter ce champ.' },
    });
  });
});

describe('the same password policy on the account page', () => {
  it('change-password refuses a weak password', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, TEST_PASSWORD);
    const refused = await t.call({
      method: 'PUT',
      url: '/api/users/change-password',
      token,
      payload: { currentPassword: TEST_PASSWORD, password: 'password1' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_error',
      errors: { password: expect.any(String) },
    });
    expect((await me(token)).statusCode).toBe(200);
  });
});
