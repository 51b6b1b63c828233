import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { establishments, users } from '../src/db/schema';
import { linkOf, NEW_PASSWORD } from './helpers/account-links';
import { individual, nextNumero, useReports } from './helpers/reports';

/** Reports of new accommodations through the public forms, and their review by admins: the acceptance of a report. */

const { t, submit, countRows, lastReportId, mailsTo, accept, reportDetail, clearQueue } = useReports();

describe('the admins’ queue', () => {
  beforeEach(clearQueue);

  it('accept creates one provider and one establishment, and the activation mail opens the account', async () => {
    const body = individual();
    await submit(body);
    const id = await lastReportId();
    const before = await countRows();
    const accepted = await accept(id);
    expect(accepted.statusCode).toBe(200);
    const report = accepted.json().data;
    expect(report.status).toBe('accepted');
    expect(await countRows()).toEqual({
      ...before,
      users: before.users + 1,
      establishments: before.establishments + 1,
    });
    const [provider] = await t.database.db.select().from(users).where(eq(users.id, report.providerId));
    expect(provider).toMatchObject({ role: 'host', activated: false, email: body.email, lastname: 'Martin' });
    const [establishment] = await t.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, report.establishmentId));
    expect(establishment).toMatchObject({
      userId: provider?.id,
      name: 'Gîte des Mirabelles',
      numero: body.numero,
    });

    const mail = (await mailsTo(body.email as string)).find((m) => m.subject.includes('Activez'));
    expect(mail?.text).toContain('La Communauté de communes du Saulnois vous a ouvert un compte');
    const { token } = linkOf(mail!);
    const activated = await t.call({
      method: 'POST',
      url: `/api/users/${provider?.id}/activate-account`,
      token,
      payload: { password: NEW_PASSWORD },
    });
    expect(activated.statusCode).toBe(200);
    const session = activated.json().data as string;
    const own = await t.call({ method: 'GET', url: '/api/establishments', token: session });
    expect(own.json().data.map((e: { id: number }) => e.id)).toEqual([report.establishmentId]);
  });

  it('takes the nature and classification the declarant knows, and the accepted establishment is taxed by its row', async () => {
    const body = individual({ type: '', nature: 'FURNISHED_LET', stars: '3', classifiedOn: '2025-05-02' });
    expect((await submit(body)).statusCode).toBe(200);
    const id = await lastReportId();
    const detail = await reportDetail(id);
    expect(detail.json().data).toMatchObject({ type: 'HOTEL_3', nature: 'FURNISHED_LET', stars: 3 });
    const accepted = await accept(id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [establishment] = await t.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, accepted.json().data.establishmentId));
    expect(establishment).toMatchObject({
      type: 'HOTEL_3',
      nature: 'FURNISHED_LET',
      stars: 3,
      classifiedOn: '2025-05-02',
    });
  });

  it('asks for the row or the nature, and refuses a classification the nature cannot have', async () => {
    const neither = await submit(individual({ type: '' }));
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toHaveProperty('type');
    const marina = await submit(individual({ type: '', nature: 'MARINA', stars: '3' }));
    expect(marina.statusCode).toBe(400);
    expect(marina.json().errors).toHaveProperty('stars');
  });

  it('two admins accepting at once create exactly one provider and one establishment', async () => {
    await submit(individual());
    const id = await lastReportId();
    const before = await countRows();
    const answers = await Promise.all(
      [t.tokens.admin, t.tokens.superadmin].map((token) => accept(id, {}, token)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('report_decided');
    expect(await countRows()).toEqual({
      ...before,
      users: before.users + 1,
      establishments: before.establishments + 1,
    });
  });

  it('accept may attach the establishment to an existing provider, who is told by mail', async () => {
    const existing = await t.createUser({ role: 'host' });
    await submit(individual({ email: existing.email }));
    const id = await lastReportId();
    const before = await countRows();
    const accepted = await accept(id, { providerId: existing.id });
    expect(accepted.json().data.providerId).toBe(existing.id);
    expect(await countRows()).toEqual({ ...before, establishments: before.establishments + 1 });
    const mails = await mailsTo(existing.email);
    expect(mails.some((m) => m.subject.includes('ajouté à votre compte'))).toBe(true);
  });

  it('a new provider whose e-mail is taken is refused and nothing is written', async () => {
    const existing = await t.createUser({ role: 'host' });
    await submit(individual({ email: existing.email }));
    const id = await lastReportId();
    const before = await countRows();
    const refused = await accept(id);
    expect(refused.json().code).toBe('email_taken');
    expect(await countRows()).toEqual(before);
    const detail = await reportDetail(id);
    expect(detail.json().data.status).toBe('new');
  });

  it('a registration number already taken is refused and nothing is written', async () => {
    const numero = nextNumero();
    await submit(individual({ numero }));
    await accept(await lastReportId());
    await submit(individual({ numero }));
    const id = await lastReportId();
    const detail = await reportDetail(id);
    expect(detail.json().data.numeroTaken).toBe(true);
    const before = await countRows();
    const refused = await accept(id);
    expect(refused.json().code).toBe('numero_taken');
    expect(await countRows()).toEqual(before);
  });

  it('reject changes nothing but the report, and mails the reason', async () => {
    const body = individual();
    await submit(body);
    const id = await lastReportId();
    const before = await countRows();
    const [usersBefore, establishmentsBefore] = await Promise.all([
      t.database.db.select().from(users),
      t.database.db.select().from(establishments),
    ]);
    const rejected = await t.call({
      method: 'POST',
      url: `/api/reports/${id}/reject`,
      token: t.tokens.admin,
      payload: { reason: 'Cet hébergement est hors du territoire de la communauté de communes.' },
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      providerId: null,
      establishmentId: null,
    });
    expect(await countRows()).toEqual(before);
    expect(await t.database.db.select().from(users)).toEqual(usersBefore);
    expect(await t.database.db.select().from(establishments)).toEqual(establishmentsBefore);
    const mail = (await mailsTo(body.email as string)).find((m) => m.subject.includes('pas été retenue'));
    expect(mail?.text).toContain('hors du territoire');
    expect(mail?.text).toContain('Pour toute question, contactez la Communauté de communes du Saulnois.');
    const again = await accept(id);
    expect(again.json().code).toBe('report_decided');
  });
});
