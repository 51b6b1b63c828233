import { isValidSiret } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { describe, expect, it } from 'vitest';
import { pricings } from '../src/db/schema';
import { REPORT_MAIL_LIMITS } from '../src/reports/service';
import { HOUR } from './helpers/account-links';
import { individual, nextEmail, nextIp, SIRET, useReports } from './helpers/reports';

/** Reports through the public forms: submission, its acknowledgement by mail, the public pricing table. */

const { t, submit, countRows, lastReportId, mailsTo, reportDetail } = useReports();

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
    const detail = await reportDetail(id);
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
