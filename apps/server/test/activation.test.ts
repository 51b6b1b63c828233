import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { useApp } from './fixture';
import {
  accountLinkCalls,
  COLLECTIVITY,
  DAY,
  linkOf,
  NEW_PASSWORD,
  PUBLIC_URL,
} from './helpers/account-links';
import { TEST_PASSWORD } from './helpers/test-app';

/** Accounts activated through the link an admin has sent by e-mail. */

const t = useApp({ mail: true });
let adminUser: UserRow;
let superadminUser: UserRow;

beforeAll(async () => {
  adminUser = await t.createUser({ role: 'admin' });
  superadminUser = await t.createUser({ role: 'superadmin' });
});

const { sessionOf, nextMailTo, askActivation, submit, me, pendingUser } = accountLinkCalls(() => ({
  t,
  smtp: t.smtp,
  adminUser,
}));

describe('activation by e-mail', () => {
  it('an admin asks; the user follows the link, chooses a password and is logged in', async () => {
    const user = await pendingUser({ firstname: 'Paulette', lastname: 'Marchal' });
    const asked = await askActivation(user.id);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, data: null });

    const mail = await nextMailTo(user.email);
    expect(mail.from).toBe('taxe@saulnois.example.fr');
    expect(mail.subject).toBe(`Activez votre compte Séjour – taxe de séjour, ${COLLECTIVITY}`);
    expect(mail.text).toContain('Bonjour Paulette Marchal,');
    expect(mail.text).toContain(COLLECTIVITY);
    expect(mail.text).toContain(`Votre identifiant : ${user.username}`);
    expect(mail.text).toContain('valable 7 jours');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Activer mon compte');
    expect(mail.html).toContain('#1c5d8f');
    const { url, token, userId } = linkOf(mail);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/activate-account`);
    expect(userId).toBe(user.id);
    expect(mail.html).toContain(`href="${url.href}"`);
    const payload = decodeJwt(token);
    expect(payload).toMatchObject({ purpose: 'activate', user: { id: user.id } });
    expect(payload.exp).toBe(Math.floor(t.clock.now().getTime() / 1000) + 7 * 24 * 3600);

    const activated = await submit('activate-account', user.id, token);
    expect(activated.statusCode).toBe(200);
    const session = activated.json().data as string;
    expect(decodeJwt(session)).not.toHaveProperty('purpose');
    const profile = await me(session);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ id: user.id, activated: true });
    await expect(t.login(user.username, NEW_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('a link works once', async () => {
    const user = await pendingUser();
    await askActivation(user.id);
    const { token } = linkOf(await nextMailTo(user.email));
    expect((await submit('activate-account', user.id, token)).statusCode).toBe(200);
    const again = await submit('activate-account', user.id, token, 'Another-fine-password-8');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ success: false, code: 'link_used' });
    await expect(t.login(user.username, NEW_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('two uses at the same time: one wins, the other is told the link is used', async () => {
    const user = await pendingUser();
    await askActivation(user.id);
    const { token } = linkOf(await nextMailTo(user.email));
    const results = await Promise.all([
      submit('activate-account', user.id, token, 'First-of-two-passwords-1'),
      submit('activate-account', user.id, token, 'Second-of-two-passwords-2'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect(results.find((r) => r.statusCode === 410)?.json().code).toBe('link_used');
  });

  it('a link expires after 7 days', async () => {
    const early = await pendingUser();
    const late = await pendingUser();
    await askActivation(early.id);
    await askActivation(late.id);
    const earlyLink = linkOf(await nextMailTo(early.email));
    const lateLink = linkOf(await nextMailTo(late.email));
    t.clock.advance(7 * DAY - 60_000);
    expect((await submit('activate-account', early.id, earlyLink.token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const expired = await submit('activate-account', late.id, lateLink.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'link_expired',
      message: 'Ce lien a expiré. Demandez-en un nouveau.',
    });
    // A new link, asked again, works.
    await askActivation(late.id);
    const fresh = linkOf(await nextMailTo(late.email));
    expect((await submit('activate-account', late.id, fresh.token)).statusCode).toBe(200);
  });

  it('refuses a weak password without spending the link, with the policy’s French message', async () => {
    const user = await pendingUser();
    await askActivation(user.id);
    const { token } = linkOf(await nextMailTo(user.email));
    for (const [password, message] of [
      [
        'motdepasse',
        'Ce mot de passe fait partie des mots de passe les plus courants : choisissez-en un autre.',
      ],
      ['qsdfghjklm', expect.stringMatching(/^Ce mot de passe est trop facile à deviner\./)],
      ['court', expect.stringMatching(/^Veuillez utiliser au moins 8 caractères/)],
      [`${user.username}2026`, expect.stringMatching(/^Ce mot de passe est trop facile à deviner\./)],
    ] as const) {
      const refused = await submit('activate-account', user.id, token, password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_error', errors: { password: message } });
    }
    expect((await submit('activate-account', user.id, token)).statusCode).toBe(200);
  });

  it('the link’s token opens its own endpoint only, for its own user', async () => {
    const user = await pendingUser();
    const other = await pendingUser();
    await askActivation(user.id);
    const { token } = linkOf(await nextMailTo(user.email));

    expect((await me(token)).json().code).toBe('token_invalid');
    const changePassword = await t.call({
      method: 'PUT',
      url: '/api/users/change-password',
      token,
      payload: { currentPassword: 'x', password: NEW_PASSWORD },
    });
    expect(changePassword.json().code).toBe('token_invalid');
    expect((await askActivation(user.id, token)).json().code).toBe('token_invalid');
    const asReset = await submit('reset-password', user.id, token);
    expect(asReset.statusCode).toBe(401);
    expect(asReset.json().code).toBe('link_invalid');
    const otherUser = await submit('activate-account', other.id, token);
    expect(otherUser.statusCode).toBe(403);
    expect(otherUser.json().code).toBe('forbidden');
    // A session token is not a link either.
    expect((await submit('activate-account', adminUser.id, await sessionOf(adminUser))).json().code).toBe(
      'link_invalid',
    );
    // None of this spent the link.
    expect((await submit('activate-account', user.id, token)).statusCode).toBe(200);
  });

  it('ask-activation: admins only, an admin’s account by a superadmin only, never an active account', async () => {
    const host = await t.createUser();
    const hostToken = await t.login(host.username, TEST_PASSWORD);
    const pending = await pendingUser();
    const pendingAdmin = await pendingUser({ role: 'admin' });

    expect((await askActivation(pending.id, hostToken)).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: `/api/users/${pending.id}/ask-activation` })).statusCode,
    ).toBe(401);
    expect((await askActivation(pendingAdmin.id, await sessionOf(adminUser))).json().code).toBe('forbidden');
    expect((await askActivation(pendingAdmin.id, await sessionOf(superadminUser))).statusCode).toBe(200);
    await nextMailTo(pendingAdmin.email);
    const active = await askActivation(host.id);
    expect(active.statusCode).toBe(409);
    expect(active.json().code).toBe('account_already_activated');
    expect((await askActivation(999_999)).statusCode).toBe(404);
    const archived = await pendingUser({ archived: true });
    expect((await askActivation(archived.id)).json().code).toBe('account_disabled');
  });
});
