import { describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { TEST_PASSWORD } from './helpers/test-app';

const t = useApp({ mail: true, sessions: ['admin'] });

const tokenOf = (link: string | undefined) => new URL(link ?? '').searchParams.get('token') ?? '';
const confirm = (token: string) =>
  t.call({ method: 'POST', url: '/api/account/confirm-email', payload: { token } });

describe('one’s own contact details', () => {
  it('a host changes their phone and address at once; a new e-mail only once confirmed by its link', async () => {
    const host = await t.createUser({ role: 'host' });
    const token = await t.login(host.username, TEST_PASSWORD);
    const newEmail = `moved-${host.email}`;
    const saved = await t.call({
      method: 'PUT',
      url: '/api/account/contact',
      token,
      payload: {
        email: newEmail,
        phone: '+33612345678',
        address: '3 rue des Tanneurs',
        cp: '57000',
        city: 'Metz',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      user: {
        email: host.email,
        phone: '+33612345678',
        address: '3 rue des Tanneurs',
        cp: '57000',
        city: 'Metz',
      },
      pendingEmail: newEmail,
    });
    const read = await t.call({ method: 'GET', url: '/api/account/contact', token });
    expect(read.json().data.pendingEmail).toBe(newEmail);

    const mail = await t.smtp.waitFor((m) => m.to.includes(newEmail));
    expect(mail.subject).toContain('Confirmez votre nouvelle adresse e-mail');
    const link = mail.links.find((l) => l.includes('/confirm-email?token='));
    expect(await confirm('not-the-token')).toMatchObject({ statusCode: 401 });
    const confirmed = await confirm(tokenOf(link));
    expect(confirmed.json()).toMatchObject({ success: true, data: { email: newEmail } });
    // A link works once.
    expect((await confirm(tokenOf(link))).json()).toMatchObject({ code: 'link_invalid' });

    const me = await t.call({ method: 'GET', url: '/api/account/contact', token });
    expect(me.json().data).toMatchObject({ user: { email: newEmail }, pendingEmail: null });
    const journal = await t.call({
      method: 'GET',
      url: `/api/journal?entity=provider&actor=${host.username}&limit=20`,
      token: t.tokens.admin,
    });
    const changes = journal.json().data.map((e: { changes: Record<string, unknown> }) => e.changes);
    expect(changes).toContainEqual({ email: { from: host.email, to: newEmail } });
    expect(changes.some((c: Record<string, unknown>) => 'phone' in c)).toBe(true);
  });

  it('an expired link says so; an address of another account is refused at once', async () => {
    const host = await t.createUser({ role: 'host' });
    const other = await t.createUser({ role: 'host' });
    const token = await t.login(host.username, TEST_PASSWORD);
    const taken = await t.call({
      method: 'PUT',
      url: '/api/account/contact',
      token,
      payload: { email: other.email.toUpperCase() },
    });
    expect(taken.json()).toMatchObject({ success: false, code: 'email_taken' });

    const newEmail = `late-${host.email}`;
    await t.call({ method: 'PUT', url: '/api/account/contact', token, payload: { email: newEmail } });
    const mail = await t.smtp.waitFor((m) => m.to.includes(newEmail));
    t.clock.advance(25 * 3600 * 1000);
    const late = await confirm(tokenOf(mail.links.find((l) => l.includes('/confirm-email'))));
    expect(late.json()).toMatchObject({ success: false, code: 'link_expired' });
  });
});
