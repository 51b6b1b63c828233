import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import {
  declarationFiles,
  declarations,
  establishmentImages,
  establishments,
  linkTokens,
  pricings,
} from '../src/db/schema';
import { useApp } from './fixture';
import { providerPayload } from './helpers/people';
import { startSmtpCatcher } from './helpers/smtp-catcher';
import { createTestApp, TEST_PASSWORD } from './helpers/test-app';

const t = useApp({ sessions: ['host', 'otherHost', 'admin', 'superadmin'] });
const { tokens, users } = t;

const provider = providerPayload;

describe('providers', () => {
  it('creates a provider, not activated, with every field, and lists it', async () => {
    const payload = provider({ lastname: 'Zébulon', city: 'Thionville' });
    const created = await t.call({ method: 'POST', url: '/api/users', token: tokens.admin, payload });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      ...payload,
      role: 'host',
      activated: false,
      archived: false,
    });
    const list = await t.call({ method: 'GET', url: '/api/users?q=zébul', token: tokens.admin });
    expect(list.json().data.map((u: { lastname: string }) => u.lastname)).toEqual(['Zébulon']);
    expect(list.json().meta).toEqual({ total: 1, limit: 10, offset: 0 });
  });

  it('refuses bad fields with the French messages on each field, and writes nothing', async () => {
    const before = await t.call({ method: 'GET', url: '/api/users?limit=500', token: tokens.admin });
    const response = await t.call({
      method: 'POST',
      url: '/api/users',
      token: tokens.admin,
      payload: provider({ cp: '5700', phone: '+33 1', email: 'nope', firstname: '' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      cp: 'Le code postal doit comporter 5 chiffres.',
      phone: 'Le numéro de téléphone est invalide.',
      email: 'Veuillez saisir une adresse e-mail valide.',
      firstname: 'Veuillez compléter ce champ.',
    });
    const after = await t.call({ method: 'GET', url: '/api/users?limit=500', token: tokens.admin });
    expect(after.json().meta.total).toBe(before.json().meta.total);
  });

  it('keeps usernames and e-mails unique, case-insensitively, on the right field', async () => {
    const first = provider({ username: 'UniqueHost' });
    expect(
      (await t.call({ method: 'POST', url: '/api/users', token: tokens.admin, payload: first })).statusCode,
    ).toBe(201);
    const sameName = await t.call({
      method: 'POST',
      url: '/api/users',
      token: tokens.admin,
      payload: provider({ username: 'uniquehost' }),
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      code: 'username_taken',
      errors: { username: expect.any(String) },
    });
    const sameEmail = await t.call({
      method: 'POST',
      url: '/api/users',
      token: tokens.admin,
      payload: provider({ email: first.email.toUpperCase() }),
    });
    expect(sameEmail.json()).toMatchObject({ code: 'email_taken', errors: { email: expect.any(String) } });
  });

  it('keeps them unique under two concurrent creations', async () => {
    const a = provider({ username: 'RaceHost' });
    const b = provider({ username: 'racehost' });
    const responses = await Promise.all([
      t.call({ method: 'POST', url: '/api/users', token: tokens.admin, payload: a }),
      t.call({ method: 'POST', url: '/api/users', token: tokens.superadmin, payload: b }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().code).toBe('username_taken');
  });

  it('sorts and pages on the server', async () => {
    for (const lastname of ['Bbb', 'Aaa', 'Ccc']) {
      await t.call({
        method: 'POST',
        url: '/api/users',
        token: tokens.admin,
        payload: provider({ lastname, city: 'Sortville' }),
      });
    }
    const page1 = await t.call({
      method: 'GET',
      url: '/api/users?q=Sortville&sort=lastname:desc&limit=2',
      token: tokens.admin,
    });
    expect(page1.json().data.map((u: { lastname: string }) => u.lastname)).toEqual(['Ccc', 'Bbb']);
    expect(page1.json().meta.total).toBe(3);
    const page2 = await t.call({
      method: 'GET',
      url: '/api/users?q=Sortville&sort=lastname:desc&limit=2&offset=2',
      token: tokens.admin,
    });
    expect(page2.json().data.map((u: { lastname: string }) => u.lastname)).toEqual(['Aaa']);
    const uncounted = await t.call({
      method: 'GET',
      url: '/api/users?q=Sortville&sort=lastname:desc&limit=2&offset=2&total=false',
      token: tokens.admin,
    });
    expect(uncounted.json()).toEqual({ ...page2.json(), meta: { total: null, limit: 2, offset: 2 } });
    const bad = await t.call({
      method: 'GET',
      url: '/api/users?sort=password_hash:asc',
      token: tokens.admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('archives a provider: login refused, sessions revoked; restore gives the account back', async () => {
    const user = await t.createUser({ role: 'host' });
    const session = await t.login(user.username, TEST_PASSWORD);
    const archived = await t.call({
      method: 'POST',
      url: `/api/users/${user.id}/archive`,
      token: tokens.admin,
    });
    expect(archived.json().data.archived).toBe(true);

    expect((await t.call({ method: 'GET', url: '/api/users/me', token: session })).statusCode).toBe(401);
    const login = await t.call({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(login.json().code).toBe('account_disabled');

    const inArchive = await t.call({
      method: 'GET',
      url: '/api/users?archived=true&limit=500',
      token: tokens.admin,
    });
    expect(inArchive.json().data.map((u: { id: number }) => u.id)).toContain(user.id);
    const inList = await t.call({ method: 'GET', url: '/api/users?limit=500', token: tokens.admin });
    expect(inList.json().data.map((u: { id: number }) => u.id)).not.toContain(user.id);

    await t.call({ method: 'POST', url: `/api/users/${user.id}/restore`, token: tokens.admin });
    await expect(t.login(user.username, TEST_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('the provider routes do not reach administrators', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/users/${users.admin.id}`,
      token: tokens.admin,
    });
    expect(response.statusCode).toBe(404);
    const del = await t.call({
      method: 'DELETE',
      url: `/api/users/${users.admin.id}`,
      token: tokens.superadmin,
    });
    expect(del.statusCode).toBe(404);
  });

  it('deleting a provider removes their establishments, declarations and files, and nothing else', async () => {
    const db = t.database.db;
    const victim = await t.createUser({ role: 'host' });
    const bystander = await t.createUser({ role: 'host' });
    const [pricing] = await db
      .insert(pricings)
      .values({ beginDate: '2031-01-01', endDate: '2031-12-31', payload: {} as never })
      .returning();
    for (const owner of [victim, bystander]) {
      const [establishment] = await db
        .insert(establishments)
        .values({ userId: owner.id, name: 'Gîte' })
        .returning();
      if (!establishment || !pricing) throw new Error('seed failed');
      await db.insert(establishmentImages).values({
        establishmentId: establishment.id,
        filename: 'a.png',
        mimeType: 'image/png',
        size: 3,
        data: Buffer.from([1, 2, 3]),
        thumbnail: Buffer.from([1]),
      });
      const [declaration] = await db
        .insert(declarations)
        .values({
          establishmentId: establishment.id,
          userId: owner.id,
          pricingId: pricing.id,
          year: 2031,
          month: 1,
        })
        .returning();
      if (!declaration) throw new Error('seed failed');
      await db.insert(declarationFiles).values({
        declarationId: declaration.id,
        filename: 'r.pdf',
        mimeType: 'application/pdf',
        size: 3,
        data: Buffer.from([1, 2, 3]),
      });
      await db.insert(linkTokens).values({
        jti: `jti-${owner.id}`,
        userId: owner.id,
        purpose: 'activate',
        expiresAt: new Date(),
      });
    }
    const count = async (userId: number) => {
      const result = await db.execute(sql`
        select
          (select count(*) from establishments where user_id = ${userId})::int as establishments,
          (select count(*) from declarations where user_id = ${userId})::int as declarations,
          (select count(*) from establishment_images i join establishments e on e.id = i.establishment_id
             where e.user_id = ${userId})::int as images,
          (select count(*) from link_tokens where user_id = ${userId})::int as links,
          (select count(*) from declaration_files f where not exists
             (select 1 from declarations d where d.id = f.declaration_id))::int as orphan_files,
          (select count(*) from establishment_images i where not exists
             (select 1 from establishments e where e.id = i.establishment_id))::int as orphan_images`);
      return (result as unknown as { rows: Record<string, number>[] }).rows[0];
    };
    expect(await count(victim.id)).toEqual({
      establishments: 1,
      declarations: 1,
      images: 1,
      links: 1,
      orphan_files: 0,
      orphan_images: 0,
    });
    const response = await t.call({ method: 'DELETE', url: `/api/users/${victim.id}`, token: tokens.admin });
    expect(response.statusCode).toBe(200);
    expect(await count(victim.id)).toEqual({
      establishments: 0,
      declarations: 0,
      images: 0,
      links: 0,
      orphan_files: 0,
      orphan_images: 0,
    });
    expect(await count(bystander.id)).toMatchObject({
      establishments: 1,
      declarations: 1,
      images: 1,
      links: 1,
    });
  });
});

describe('creating an account sends its activation link', () => {
  it('for a provider and for an admin; the link activates the account', async () => {
    const smtp = await startSmtpCatcher();
    const app = await createTestApp(
      { PUBLIC_URL: 'https://sejour.example' },
      {
        mail: {
          transport: nodemailer.createTransport({
            host: '127.0.0.1',
            port: smtp.port,
            secure: false,
            ignoreTLS: true,
          }),
          retryDelaysMs: [20],
        },
      },
    );
    try {
      const admin = await app.createUser({ role: 'superadmin' });
      const token = await app.login(admin.username, TEST_PASSWORD);
      const created = await app.call({ method: 'POST', url: '/api/users', token, payload: provider() });
      const user = created.json().data as { id: number; email: string; username: string };
      const mail = await smtp.waitFor((m) => m.to.includes(user.email));
      const link = mail.links.find((l) => l.startsWith('https://sejour.example/activate-account?token='));
      expect(link).toBeDefined();
      const linkToken = new URL(link ?? '').searchParams.get('token') ?? '';
      const activated = await app.call({
        method: 'POST',
        url: `/api/users/${user.id}/activate-account`,
        token: linkToken,
        payload: { password: 'Une-phrase-de-passe-solide-2026' },
      });
      expect(activated.statusCode).toBe(200);
      await expect(app.login(user.username, 'Une-phrase-de-passe-solide-2026')).resolves.toBeTypeOf('string');

      const newAdmin = await app.call({
        method: 'POST',
        url: '/api/admins',
        token,
        payload: { username: 'mailed.admin', email: 'mailed.admin@example.test', role: 'admin' },
      });
      expect(newAdmin.statusCode).toBe(201);
      await smtp.waitFor((m) => m.to.includes('mailed.admin@example.test'));
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
