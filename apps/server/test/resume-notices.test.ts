import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { declarations, establishments } from '../src/db/schema';
import { pdfPages } from './helpers/pdf-text';
import { expectError } from './helpers/pricings';
import { useResumeScene } from './helpers/resume';

/** A generated semester (helpers/resume.ts). */
const { t, scene, get } = useResumeScene();

describe('notices and exports', () => {
  it('prints a provider’s notice: provider, period, every line’s amount, total, reference', async () => {
    const resume = (await get(`year=2026&semester=1&userId=${scene.ids.hostA}`)).json().data;
    const provider = resume.providers[0];
    const response = await t.call({
      method: 'GET',
      url: `/api/resume/notices.pdf?year=2026&semester=1&userId=${scene.ids.hostA}`,
      token: scene.tokens.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    const text = (await pdfPages(response.rawPayload)).join(' ').replace(/\s/g, ' ');
    // The semester is not over on 15 March: the notice says it is provisional.
    expect(text).toContain('Avis provisoire des sommes à payer');
    expect(text).toContain('Le semestre n’est pas terminé : cet avis est provisoire.');
    expect(text).toContain('Gîtes du Lac');
    expect(text).toContain('1 rue des Lilas 57000 Metz');
    expect(text).toContain('1er semestre (janvier – juin) 2026');
    const euros = (cents: number) =>
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
        .format(cents / 100)
        .replace(/\s/g, ' ');
    const lines = await t.database.db
      .select()
      .from(declarations)
      .where(eq(declarations.userId, scene.ids.hostA));
    const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n).replace(/\s/g, ' ');
    const names = new Map([
      [1, 'janvier'],
      [2, 'février'],
    ]);
    const done = lines.filter((d) => d.done);
    expect(done).toHaveLength(3);
    // Each line as one row of cells: month, person-nights, exempted, via platforms, taxable, each component,
    // total.
    for (const line of done) {
      expect(text).toContain(
        [
          names.get(line.month),
          count(line.nightsCount + line.platformNightsCount),
          count(line.nightsCount - line.taxableNights),
          count(line.platformNightsCount),
          count(line.taxableNights),
          euros(line.ccAmount),
          euros(line.moselleAmount),
          euros(line.totalAmount),
        ].join(' '),
      );
    }
    expect(text).toContain(`Montant provisoire à payer : ${euros(provider.totals.totalAmount)}`);
    expect(text).toContain(provider.paymentReference);
    expect(text).toContain('À payer au plus tard le 30 juillet 2026');
    expect(text).toContain('Meublé des Vignes (février)');
  });

  it('names one provider’s notice after them and the whole semester’s "tous"', async () => {
    const disposition = async (query: string, token = scene.tokens.admin) =>
      (await t.call({ method: 'GET', url: `/api/resume/notices.pdf?${query}`, token })).headers[
        'content-disposition'
      ];
    expect(await disposition('year=2026&semester=1')).toContain('avis-2026-S1-tous.pdf');
    expect(await disposition(`year=2026&semester=1&userId=${scene.ids.hostA}`)).toContain(
      'avis-2026-S1-gites-du-lac.pdf',
    );
    // A host's own notice, asked without naming them, is theirs: it bears their name.
    const own = await disposition('year=2026&semester=1', scene.tokens.hostA);
    expect(own).toContain('avis-2026-S1-gites-du-lac.pdf');
  });

  it('prints the establishment’s address when the provider has none', async () => {
    const [camping] = await t.database.db
      .update(establishments)
      .set({ address: '12 route des Pins', cp: '57260', city: 'Dieuze' })
      .where(eq(establishments.userId, scene.ids.hostB))
      .returning();
    expect(camping).toBeDefined();
    const response = await t.call({
      method: 'GET',
      url: `/api/resume/notices.pdf?year=2026&semester=1&userId=${scene.ids.hostB}`,
      token: scene.tokens.admin,
    });
    const text = (await pdfPages(response.rawPayload)).join(' ').replace(/\s/g, ' ');
    expect(text).toContain('12 route des Pins 57260 Dieuze');
  });

  it('lets a host download their own notice, never another’s', async () => {
    const own = await t.call({
      method: 'GET',
      url: '/api/resume/notices.pdf?year=2026&semester=1',
      token: scene.tokens.hostB,
    });
    expect(own.statusCode).toBe(200);
    const pages = await pdfPages(own.rawPayload);
    expect(pages.join(' ')).toContain('Camping des Pins');
    expect(pages.join(' ')).not.toContain('Hôtel du Lac');
    expectError(
      await t.call({
        method: 'GET',
        url: `/api/resume/notices.pdf?year=2026&semester=1&userId=${scene.ids.hostA}`,
        token: scene.tokens.hostB,
      }),
      404,
      'not_found',
    );
  });

  it('combines every provider’s notice in one PDF', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/resume/notices.pdf?year=2026&semester=1',
      token: scene.tokens.admin,
    });
    const text = (await pdfPages(response.rawPayload)).join(' ');
    expect(text).toContain('Gîtes du Lac');
    expect(text).toContain('Camping des Pins');
  });

  it('exports the resume and the accounting lines as CSV', async () => {
    const resume = (await get('year=2026&semester=1')).json().data;
    const csv = await t.call({
      method: 'GET',
      url: '/api/resume/export.csv?year=2026&semester=1',
      token: scene.tokens.admin,
    });
    expect(csv.body.startsWith('\uFEFFRéférence de paiement;Hébergeur;Établissement')).toBe(true);
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);
    const accounting = await t.call({
      method: 'GET',
      url: '/api/resume/accounting.csv?year=2026&semester=1',
      token: scene.tokens.admin,
    });
    const lines = accounting.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    const hostB = resume.providers.find((p: { userId: number }) => p.userId === scene.ids.hostB);
    expect(accounting.body).toContain(hostB.paymentReference);
    expectError(
      await t.call({
        method: 'GET',
        url: '/api/resume/accounting.csv?year=2026&semester=1',
        token: scene.tokens.hostA,
      }),
      403,
      'forbidden',
    );
  });

  it('prints the collectivity’s settings on the notices', async () => {
    const saved = await t.call({
      method: 'PUT',
      url: '/api/settings/collectivity',
      token: scene.tokens.admin,
      payload: {
        name: 'Communauté de communes du Pays des Étangs',
        address: '2 place de la Mairie, 57260 Dieuze',
        siret: '200 041 234 00010',
        email: 'taxe@cc-etangs.test',
        phone: '03 87 00 00 00',
        dueDays: 45,
        paymentInstructions: 'Payez en ligne sur PayFiP avec la référence de paiement.',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await t.call({
      method: 'GET',
      url: '/api/resume/notices.pdf?year=2026&semester=1',
      token: scene.tokens.hostB,
    });
    const text = (await pdfPages(response.rawPayload)).join(' ');
    expect(text).toContain('Pays des Étangs');
    expect(text).toContain('SIRET 20004123400010');
    expect(text).toContain('14 août 2026');
    expect(text).toContain('PayFiP');
    expectError(
      await t.call({
        method: 'PUT',
        url: '/api/settings/collectivity',
        token: scene.tokens.admin,
        payload: {
          name: '',
          address: 'x',
          siret: '12',
          email: '',
          phone: '',
          dueDays: 30,
          paymentInstructions: 'x',
        },
      }),
      400,
      'validation_error',
    );
  });
});
