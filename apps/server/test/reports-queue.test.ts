import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { pdfPages } from './helpers/pdf-text';
import { individual, SIRET, useReports } from './helpers/reports';
import { TEST_PASSWORD } from './helpers/test-app';

/** The admins’ queue of reports: lists, professionals’ addresses, providers alike. */

const { t, submit, lastReportId, accept, reportDetail, clearQueue } = useReports();

describe('the admins’ queue', () => {
  beforeEach(clearQueue);

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
    const detail = await reportDetail(await lastReportId());
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
    const accepted = await accept(id);
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
      const accepted = await accept(await lastReportId(), { providerId: provider.id });
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
    const detail = await reportDetail(await lastReportId());
    const ids = detail
      .json()
      .data.matches.map((u: { id: number }) => u.id)
      .sort();
    expect(ids).toEqual([sameMail.id, sameCompany.id].sort());
  });
});
