import { isValidSiret, type ReportPayloadInput } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { establishments, pricings, reports, users } from '../src/db/schema';
import { REPORT_MAIL_LIMITS } from '../src/reports/service';
import { useApp } from './fixture';
import { HOUR, linkOf, NEW_PASSWORD } from './helpers/account-links';
import { pdfPages } from './helpers/pdf-text';
import { TEST_PASSWORD } from './helpers/test-app';

/** Reports of new accommodations through the public forms, and their review by admins. */

const t = useApp({ mail: true, sessions: ['admin', 'superadmin'] });

let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}
let mailCounter = 0;
function nextEmail(): string {
  mailCounter += 1;
  return `declarant${mailCounter}@exemple.test`;
}
let numeroCounter = 0;
function nextNumero(): string {
  numeroCounter += 1;
  return `57001${String(100000 + numeroCounter)}AB`;
}

const SIRET = '73282932000074';

function individual(overrides: Partial<ReportPayloadInput> = {}): ReportPayloadInput {
  return {
    kind: 'individual',
    firstname: 'Camille',
    lastname: 'Martin',
    email: nextEmail(),
    phone: '+33612345678',
    name: 'Gîte des Mirabelles',
    address: '3 rue de l’Église',
    cp: '57170',
    city: 'Château-Salins',
    type: 'NONE',
    capacityMaxRoom: 2,
    capacityMaxPerson: 4,
    numero: nextNumero(),
    openingDate: '2026-04-01',
    consent: true,
    website: '',
    ...overrides,
  };
}

function submit(body: unknown, ip = nextIp()) {
  return t.call({
    method: 'POST',
    url: '/api/establishments/report',
    payload: body as object,
    remoteAddress: ip,
  });
}

async function countRows() {
  const [u] = await t.database.db.select({ n: count() }).from(users);
  const [e] = await t.database.db.select({ n: count() }).from(establishments);
  const [r] = await t.database.db.select({ n: count() }).from(reports);
  return { users: u?.n ?? 0, establishments: e?.n ?? 0, reports: r?.n ?? 0 };
}

async function lastReportId(): Promise<number> {
  const list = await t.call({ method: 'GET', url: '/api/reports?limit=1', token: t.tokens.admin });
  return list.json().data[0].id as number;
}

async function mailsTo(email: string) {
  await t.app.mailer.idle();
  return t.smtp.mails.filter((m) => m.to.includes(email));
}

describe('the acknowledgement of a report, which anyone can have sent anywhere', () => {
  it('carries none of the text the sender chose but the name, escaped', async () => {
    const planted = 'Virement urgent sur https://arnaque.example/iban';
    const body = individual({
      firstname: '<b>Camille</b>',
      lastname: 'Martin & fils',
      name: planted,
      address: planted,
      city: planted,
      company: planted,
    });
    expect((await submit(body)).statusCode).toBe(200);
    const [mail] = await mailsTo(body.email as string);
    expect(mail?.text).toContain('Bonjour <b>Camille</b> Martin & fils,');
    expect(mail?.html).toContain('Bonjour &lt;b&gt;Camille&lt;/b&gt; Martin &amp; fils,');
    expect(mail?.html).not.toContain('<b>Camille');
    for (const part of [mail?.text, mail?.html, mail?.subject]) {
      expect(part).not.toContain('arnaque');
      expect(part).not.toContain('Virement');
    }
  });

  it('goes to one address a few times an hour: later reports are stored, answered alike, not mailed', async () => {
    const email = nextEmail();
    const before = (await countRows()).reports;
    const tries = REPORT_MAIL_LIMITS.recipient.limit + 2;
    for (let i = 0; i < tries; i++) {
      const answer = await submit(individual({ email: i % 2 ? email.toUpperCase() : email }));
      expect(answer.json()).toEqual({ success: true, data: null });
    }
    expect((await countRows()).reports).toBe(before + tries);
    await t.app.mailer.idle();
    const toEmail = () => t.smtp.mails.filter((m) => m.to.some((to) => to.toLowerCase() === email));
    expect(toEmail()).toHaveLength(REPORT_MAIL_LIMITS.recipient.limit);
    t.clock.advance(HOUR + 1000);
    await submit(individual({ email }));
    await t.app.mailer.idle();
    expect(toEmail()).toHaveLength(REPORT_MAIL_LIMITS.recipient.limit + 1);
  });

  it('goes out a bounded number of times an hour in all, whatever the addresses', async () => {
    t.clock.advance(HOUR + 1000);
    const emails = Array.from({ length: REPORT_MAIL_LIMITS.global.limit + 3 }, () => nextEmail());
    for (const email of emails) await submit(individual({ email }));
    await t.app.mailer.idle();
    const mailed = emails.filter((email) => t.smtp.mails.some((m) => m.to.includes(email)));
    expect(mailed).toHaveLength(REPORT_MAIL_LIMITS.global.limit);
    t.clock.advance(HOUR + 1000);
    const after = nextEmail();
    await submit(individual({ email: after }));
    expect(await mailsTo(after)).toHaveLength(1);
  });
});

describe('POST establishments/report', () => {
  it('stores the report, creates nothing else, and acknowledges it by mail in French', async () => {
    const before = await countRows();
    const body = individual();
    const answer = await submit(body);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, data: null });
    expect(await countRows()).toEqual({ ...before, reports: before.reports + 1 });
    const [mail] = await mailsTo(body.email as string);
    expect(mail?.subject).toContain('a bien été reçue');
    expect(mail?.text).toContain('Bonjour Camille Martin,');
    // The collectivity's name, a common noun, takes its article as the sentence's subject.
    expect(mail?.text).toContain('La Communauté de communes du Saulnois a bien reçu la déclaration');
  });

  it('answers field errors in French, with the establishments’ registration number rule', async () => {
    const answer = await submit(
      individual({ numero: '123', cp: '5717', email: 'pas-une-adresse', consent: false as never, name: '' }),
    );
    expect(answer.statusCode).toBe(400);
    const { code, errors } = answer.json();
    expect(code).toBe('validation_error');
    expect(errors.numero).toMatch(/13 caractères/);
    expect(errors.cp).toBe('Le code postal doit comporter 5 chiffres.');
    expect(errors.email).toBe('Veuillez saisir une adresse e-mail valide.');
    expect(errors.consent).toBe('Veuillez cocher cette case pour envoyer votre demande.');
    expect(errors.name).toBe('Veuillez compléter ce champ.');
  });

  it('a professional gives a company and a valid SIRET', async () => {
    expect(isValidSiret(SIRET)).toBe(true);
    const missing = await submit(individual({ kind: 'pro', company: '', siret: '' }));
    expect(missing.json().errors).toMatchObject({
      company: 'Veuillez compléter ce champ.',
      siret: 'Veuillez compléter ce champ.',
    });
    const wrongKey = await submit(
      individual({ kind: 'pro', company: 'SARL Les Étangs', siret: '73282932000075' }),
    );
    expect(wrongKey.json().errors.siret).toMatch(/SIRET n’est pas valide/);
    const ok = await submit(
      individual({
        kind: 'pro',
        company: 'SARL Les Étangs',
        siret: '732 829 320 00074',
        companySameAddress: true,
      }),
    );
    expect(ok.statusCode).toBe(200);
    const id = await lastReportId();
    const detail = await t.call({ method: 'GET', url: `/api/reports/${id}`, token: t.tokens.admin });
    expect(detail.json().data).toMatchObject({ kind: 'pro', siret: SIRET, company: 'SARL Les Étangs' });
  });

  it('refuses a body larger than its limit', async () => {
    const answer = await submit(individual({ name: 'x'.repeat(20_000) }));
    expect(answer.statusCode).toBe(413);
  });

  it('the sixth report of an hour from one address is refused; another address goes on', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await submit(individual(), ip)).statusCode).toBe(200);
    const blocked = await submit(individual(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    expect((await submit(individual())).statusCode).toBe(200);
    t.clock.advance(HOUR + 1000);
    expect((await submit(individual(), ip)).statusCode).toBe(200);
  });

  it('a filled honeypot gets the same answer, and nothing is stored or mailed', async () => {
    const before = await countRows();
    const body = individual({ website: 'https://spam.example' });
    const answer = await submit(body);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, data: null });
    expect(await countRows()).toEqual(before);
    expect(await mailsTo(body.email as string)).toHaveLength(0);
  });

  it('answers alike whether or not the e-mail already has an account', async () => {
    const existing = await t.createUser({ role: 'host' });
    const known = await submit(individual({ email: existing.email }));
    const unknown = await submit(individual());
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });
});

describe('the admins’ queue', () => {
  beforeEach(async () => {
    await t.database.db.delete(reports);
  });

  it('lists reports by status, and a host cannot see them', async () => {
    await submit(individual({ name: 'Premier' }));
    await submit(individual({ name: 'Second' }));
    const list = await t.call({ method: 'GET', url: '/api/reports?status=new', token: t.tokens.admin });
    expect(list.json().meta.total).toBe(2);
    const badge = await t.call({ method: 'GET', url: '/api/reports/count', token: t.tokens.admin });
    expect(badge.json().data).toEqual({ pending: 2 });
    expect(list.json().data.map((r: { name: string }) => r.name)).toEqual(['Second', 'Premier']);
    const host = await t.createUser({ role: 'host' });
    const hostToken = await t.login(host.username, TEST_PASSWORD);
    expect((await t.call({ method: 'GET', url: '/api/reports', token: hostToken })).statusCode).toBe(403);
  });

  it('a professional gives the company’s postal address, or says it is the establishment’s', async () => {
    const missing = await submit(individual({ kind: 'pro', company: 'SARL Les Étangs', siret: SIRET }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      companyAddress: 'Indiquez l’adresse de la société, ou cochez « Même adresse que l’établissement ».',
      companyCp: 'Veuillez compléter ce champ.',
      companyCity: 'Veuillez compléter ce champ.',
    });
    const wrongCp = await submit(
      individual({
        kind: 'pro',
        company: 'SARL Les Étangs',
        siret: SIRET,
        companyAddress: '8 rue Haute',
        companyCp: '570',
        companyCity: 'Metz',
      }),
    );
    expect(wrongCp.json().errors.companyCp).toBe('Le code postal doit comporter 5 chiffres.');
    const same = await submit(
      individual({ kind: 'pro', company: 'SARL Les Étangs', siret: SIRET, companySameAddress: true }),
    );
    expect(same.statusCode).toBe(200);
    const detail = await t.call({
      method: 'GET',
      url: `/api/reports/${await lastReportId()}`,
      token: t.tokens.admin,
    });
    expect(detail.json().data).toMatchObject({
      companySameAddress: true,
      companyAddress: '3 rue de l’Église',
      companyCp: '57170',
      companyCity: 'Château-Salins',
    });
  });

  it('accepting a professional’s report gives the provider the company’s address, printed on the notice', async () => {
    const body = individual({
      kind: 'pro',
      company: 'SARL Hôtellerie du Saulnois',
      siret: SIRET,
      type: 'HOTEL_3',
      companyAddress: '8 rue Haute',
      companyCp: '57000',
      companyCity: 'Metz',
    });
    expect((await submit(body)).statusCode).toBe(200);
    const id = await lastReportId();
    const accepted = await t.call({
      method: 'POST',
      url: `/api/reports/${id}/accept`,
      token: t.tokens.admin,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const providerId = accepted.json().data.providerId;
    const provider = await t.call({ method: 'GET', url: `/api/users/${providerId}`, token: t.tokens.admin });
    expect(provider.json().data).toMatchObject({ address: '8 rue Haute', cp: '57000', city: 'Metz' });
    const notice = await t.call({
      method: 'GET',
      url: `/api/resume/notices.pdf?year=2026&semester=1&userId=${providerId}`,
      token: t.tokens.admin,
    });
    expect(notice.statusCode).toBe(200);
    const text = (await pdfPages(notice.rawPayload)).join(' ').replace(/\s/g, ' ');
    expect(text).toContain('SARL Hôtellerie du Saulnois');
    expect(text).toContain('8 rue Haute 57000 Metz');
  });

  it('attaching a professional’s report completes an existing provider’s missing address, never replaces one', async () => {
    const bare = await t.createUser({ role: 'host' });
    const housed = await t.createUser({ role: 'host' });
    await t.database.db
      .update(users)
      .set({ address: '1 place du Marché', cp: '57260', city: 'Dieuze' })
      .where(eq(users.id, housed.id));
    for (const provider of [bare, housed]) {
      await submit(
        individual({
          email: provider.email,
          kind: 'pro',
          company: 'SARL Les Étangs',
          siret: SIRET,
          companyAddress: '8 rue Haute',
          companyCp: '57000',
          companyCity: 'Metz',
        }),
      );
      const accepted = await t.call({
        method: 'POST',
        url: `/api/reports/${await lastReportId()}/accept`,
        token: t.tokens.admin,
        payload: { providerId: provider.id },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    const [bareAfter] = await t.database.db.select().from(users).where(eq(users.id, bare.id));
    const [housedAfter] = await t.database.db.select().from(users).where(eq(users.id, housed.id));
    expect(bareAfter).toMatchObject({ address: '8 rue Haute', cp: '57000', city: 'Metz' });
    expect(housedAfter).toMatchObject({ address: '1 place du Marché', cp: '57260', city: 'Dieuze' });
  });

  it('shows a report beside the providers with the same e-mail or company', async () => {
    const sameMail = await t.createUser({ role: 'host', email: 'gite@exemple.test' });
    const sameCompany = await t.createUser({ role: 'host', company: 'Camping du Lac' });
    await submit(
      individual({
        email: 'GITE@exemple.test',
        kind: 'pro',
        company: 'camping du lac',
        siret: SIRET,
        companySameAddress: true,
      }),
    );
    const detail = await t.call({
      method: 'GET',
      url: `/api/reports/${await lastReportId()}`,
      token: t.tokens.admin,
    });
    const ids = detail
      .json()
      .data.matches.map((u: { id: number }) => u.id)
      .sort();
    expect(ids).toEqual([sameMail.id, sameCompany.id].sort());
  });

  it('accept creates one provider and one establishment, and the activation mail opens the account', async () => {
    const body = individual();
    await submit(body);
    const id = await lastReportId();
    const before = await countRows();
    const accepted = await t.call({
      method: 'POST',
      url: `/api/reports/${id}/accept`,
      token: t.tokens.admin,
      payload: {},
    });
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
    const detail = await t.call({ method: 'GET', url: `/api/reports/${id}`, token: t.tokens.admin });
    expect(detail.json().data).toMatchObject({ type: 'HOTEL_3', nature: 'FURNISHED_LET', stars: 3 });
    const accepted = await t.call({
      method: 'POST',
      url: `/api/reports/${id}/accept`,
      token: t.tokens.admin,
      payload: {},
    });
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
      [t.tokens.admin, t.tokens.superadmin].map((token) =>
        t.call({ method: 'POST', url: `/api/reports/${id}/accept`, token, payload: {} }),
      ),
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
    const accepted = await t.call({
      method: 'POST',
      url: `/api/reports/${id}/accept`,
      token: t.tokens.admin,
      payload: { providerId: existing.id },
    });
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
    const refused = await t.call({
      method: 'POST',
      url: `/api/reports/${id}/accept`,
      token: t.tokens.admin,
      payload: {},
    });
    expect(refused.json().code).toBe('email_taken');
    expect(await countRows()).toEqual(before);
    const detail = await t.call({ method: 'GET', url: `/api/reports/${id}`, token: t.tokens.admin });
    expect(detail.json().data.status).toBe('new');
  });

  it('a registration number already taken is refused and nothing is written', async () => {
    const numero = nextNumero();
    await submit(individual({ numero }));
    await t.call({
      method: 'POST',
      url: `/api/reports/${await lastReportId()}/accept`,
      token: t.tokens.admin,
      payload: {},
    });
    await submit(individual({ numero }));
    const id = await lastReportId();
    const detail = await t.call({ method: 'GET', url: `/api/reports/${id}`, token: t.tokens.admin });
    expect(detail.json().data.numeroTaken).toBe(true);
    const before = await countRows();
    const refused = await t.call({
      method: 'POST',
      url: `/api/reports/${id}/accept`,
      token: t.tokens.admin,
      payload: {},
    });
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
    const again = await t.call({
      method: 'POST',
      url: `/api/reports/${id}/accept`,
      token: t.tokens.admin,
      payload: {},
    });
    expect(again.json().code).toBe('report_decided');
  });
});

describe('GET pricings/in-force/public', () => {
  it('answers the table in force today and nothing else, without a session', async () => {
    await t.database.db.delete(pricings);
    const none = await t.call({ method: 'GET', url: '/api/pricings/in-force/public' });
    expect(none.json().code).toBe('no_pricing_for_period');
    const created = await t.call({
      method: 'POST',
      url: '/api/pricings',
      token: t.tokens.admin,
      payload: lawfulPricingPayload(),
    });
    expect(created.statusCode).toBe(201);
    const answer = await t.call({ method: 'GET', url: '/api/pricings/in-force/public' });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json().data).sort()).toEqual([
      'beginDate',
      'departmentalRate',
      'endDate',
      'rows',
      'threshold',
    ]);
    expect(answer.json().data.rows.HOTEL_3).toEqual(created.json().data.rows.HOTEL_3);
  });
});
