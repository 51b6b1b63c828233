import { amountsMismatches, isValidPaymentReference, type ResumeAmounts } from '@sejour/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { declarations, establishments, users } from '../src/db/schema';
import { useApp } from './fixture';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './helpers/declarations';
import { pdfPages } from './helpers/pdf-text';
import { expectError } from './helpers/pricings';

const t = useApp();
let scene: DeclarationScene;
const calls = declarationCalls(() => t);

/**
 * A generated semester (the clock is 15 March 2026): host A has a hotel and a let; host B a campsite.
 * Done declarations count; drafts are shown apart; months with nothing are missing.
 */
beforeAll(async () => {
  scene = await createDeclarationScene(t);
  await t.database.db
    .update(users)
    .set({ company: 'Gîtes du Lac', address: '1 rue des Lilas', cp: '57000', city: 'Metz' })
    .where(eq(users.id, scene.ids.hostA));
  const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3', name: 'Hôtel du Lac' });
  const let_ = await insertEstablishment(t, scene.ids.hostA, {
    type: 'NONE',
    name: 'Meublé des Vignes',
    capacityMaxPerson: 6,
  });
  const camping = await insertEstablishment(t, scene.ids.hostB, {
    type: 'CAMPING_345',
    name: 'Camping des Pins',
  });
  const declare = async (token: string, body: object, done = true) => {
    const response = await calls.create(token, body);
    expect(response.statusCode, response.body).toBe(201);
    if (done) await calls.done(token, response.json().data.id);
  };
  // Random figures: the totals below are summed from what the server stored, to the cent.
  for (const month of [1, 2]) {
    await declare(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month,
      nightsCount: 17 * month + 3,
      exemptedCount: month,
    });
    await declare(scene.tokens.hostB, {
      establishmentId: camping.id,
      year: 2026,
      month,
      nightsCount: 101 * month,
      platformNightsCount: 7,
    });
  }
  await declare(scene.tokens.hostA, {
    establishmentId: let_.id,
    year: 2026,
    month: 1,
    nightsCountInf: 9,
    prixInf: 53_333,
  });
  // A draft: shown apart, not due.
  await declare(
    scene.tokens.hostA,
    { establishmentId: let_.id, year: 2026, month: 3, nightsCountSup: 4, prixSup: 60_000 },
    false,
  );
});

function get(query: string, token = scene.tokens.admin) {
  return t.call({ method: 'GET', url: `/api/resume?${query}`, token });
}

describe('the resume of a semester', () => {
  it('totals equal the sum of the done declarations to the cent; drafts are apart', async () => {
    const done = await t.database.db.select().from(declarations).where(eq(declarations.done, true));
    const sum = (key: 'ccAmount' | 'moselleAmount' | 'totalAmount' | 'taxableNights') =>
      done.reduce((s, d) => s + d[key], 0);
    const response = await get('year=2026&semester=1');
    expect(response.statusCode, response.body).toBe(200);
    const resume = response.json().data;
    expect(resume.totals).toMatchObject({
      ccAmount: sum('ccAmount'),
      moselleAmount: sum('moselleAmount'),
      totalAmount: sum('totalAmount'),
      taxableNights: sum('taxableNights'),
      platformNightsCount: 14,
    });
    expect(resume.totals.totalAmount).toBeGreaterThan(0);
    // Subtotals add up to the grand total.
    const subtotal = resume.providers.reduce(
      (s: number, p: { totals: { totalAmount: number } }) => s + p.totals.totalAmount,
      0,
    );
    expect(subtotal).toBe(resume.totals.totalAmount);
    expect(resume.dueDate).toBe('2026-07-30');
  });

  it('lists months declared, in progress and missing per establishment', async () => {
    const resume = (await get('year=2026&semester=1')).json().data;
    const hostA = resume.providers.find((p: { userId: number }) => p.userId === scene.ids.hostA);
    expect(hostA.providerName).toBe('Gîtes du Lac');
    const let_ = hostA.rows.find(
      (r: { establishmentName: string }) => r.establishmentName === 'Meublé des Vignes',
    );
    expect(let_).toMatchObject({ doneMonths: [1], draftMonths: [3], missingMonths: [2] });
    expect(let_.draftTotalAmount).toBeGreaterThan(0);
    const hotel = hostA.rows.find(
      (r: { establishmentName: string }) => r.establishmentName === 'Hôtel du Lac',
    );
    // March is the current month: not missing yet.
    expect(hotel).toMatchObject({ doneMonths: [1, 2], draftMonths: [], missingMonths: [] });
  });

  it('gives payment references that are valid, stable across calls and unique', async () => {
    const first = (await get('year=2026&semester=1'))
      .json()
      .data.providers.map((p: { paymentReference: string }) => p.paymentReference);
    const again = (await get('year=2026&semester=1'))
      .json()
      .data.providers.map((p: { paymentReference: string }) => p.paymentReference);
    const other = (await get('year=2026&semester=2'))
      .json()
      .data.providers.map((p: { paymentReference: string }) => p.paymentReference);
    expect(again).toEqual(first);
    expect(new Set([...first, ...other]).size).toBe(first.length + other.length);
    for (const reference of first) expect(isValidPaymentReference(reference)).toBe(true);
  });

  it('shows a host their own summary only, and another provider’s as not found', async () => {
    const own = (await get('year=2026&semester=1', scene.tokens.hostB)).json().data;
    expect(own.providers.map((p: { userId: number }) => p.userId)).toEqual([scene.ids.hostB]);
    expect(own.totals.totalAmount).toBe(own.providers[0].totals.totalAmount);
    expectError(
      await get(`year=2026&semester=1&userId=${scene.ids.hostA}`, scene.tokens.hostB),
      404,
      'not_found',
    );
  });
});

describe('the figures of a notice', () => {
  it('add up with exempted and platform person-nights present, on every line, subtotal and total', async () => {
    const resume = (await get('year=2026&semester=1')).json().data;
    const all: ResumeAmounts[] = [
      resume.totals,
      ...resume.providers.flatMap((p: { totals: ResumeAmounts; rows: ResumeAmounts[] }) => [
        p.totals,
        ...p.rows,
      ]),
    ];
    for (const amounts of all) expect(amountsMismatches(amounts)).toEqual([]);
    const done = await t.database.db.select().from(declarations).where(eq(declarations.done, true));
    const sum = (f: (d: (typeof done)[number]) => number) => done.reduce((s, d) => s + f(d), 0);
    expect(resume.totals).toMatchObject({
      nightsCount: sum((d) => d.nightsCount + d.platformNightsCount),
      exemptedNights: sum((d) => d.exemptedCount + d.nightsCountInfMin + d.nightsCountSupMin),
      platformNightsCount: 14,
    });
    expect(resume.totals.exemptedNights).toBeGreaterThan(0);
  });

  it('print the same person-nights on the PDF as the screen gets, in columns that add up', async () => {
    const resume = (await get(`year=2026&semester=1&userId=${scene.ids.hostB}`)).json().data;
    const totals = resume.providers[0].totals;
    expect(totals.platformNightsCount).toBeGreaterThan(0);
    const response = await t.call({
      method: 'GET',
      url: `/api/resume/notices.pdf?year=2026&semester=1&userId=${scene.ids.hostB}`,
      token: scene.tokens.admin,
    });
    const text = (await pdfPages(response.rawPayload)).join(' ').replace(/\s/g, ' ');
    expect(text).toContain('Nuitées Nuitées exonérées Nuitées via plateformes Nuitées taxables');
    const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n).replace(/\s/g, ' ');
    expect(text).toContain(
      `Total à ce jour ${[totals.nightsCount, totals.exemptedNights, totals.platformNightsCount, totals.taxableNights].map(count).join(' ')}`,
    );
  });
});

describe('due dates and provisional notices', () => {
  it('a semester over long ago gets a due date counted from today, never already past', async () => {
    const resume = (await get('year=2025&semester=2')).json().data;
    // Today is 15 March 2026; the semester's own deadline (30 January 2026) is past.
    expect(resume).toMatchObject({ issuedOn: '2026-03-15', dueDate: '2026-04-14', provisional: false });
  });

  it('a semester not over is provisional and keeps its own deadline', async () => {
    const resume = (await get('year=2026&semester=1')).json().data;
    expect(resume).toMatchObject({ dueDate: '2026-07-30', provisional: true });
  });

  it('a payment delay outside 1–365 days is refused and changes nothing', async () => {
    const before = (
      await t.call({ method: 'GET', url: '/api/settings/collectivity', token: scene.tokens.admin })
    ).json().data;
    for (const dueDays of [0, -5, 366, 2.5]) {
      expectError(
        await t.call({
          method: 'PUT',
          url: '/api/settings/collectivity',
          token: scene.tokens.admin,
          payload: { ...before, dueDays },
        }),
        400,
        'validation_error',
      );
    }
    const after = (
      await t.call({ method: 'GET', url: '/api/settings/collectivity', token: scene.tokens.admin })
    ).json().data;
    expect(after).toEqual(before);
  });
});

describe('a host’s semesters', () => {
  it('lists their own semesters with declarations and what is due, never another’s', async () => {
    const response = await t.call({ method: 'GET', url: '/api/resume/semesters', token: scene.tokens.hostA });
    expect(response.statusCode, response.body).toBe(200);
    const resume = (await get(`year=2026&semester=1&userId=${scene.ids.hostA}`)).json().data;
    expect(response.json().data).toEqual([
      {
        year: 2026,
        semester: 1,
        declarationCount: 4,
        doneCount: 3,
        totalAmount: resume.totals.totalAmount,
        draftTotalAmount: resume.providers[0].rows.reduce(
          (s: number, r: { draftTotalAmount: number }) => s + r.draftTotalAmount,
          0,
        ),
        dueDate: '2026-07-30',
        provisional: true,
        paymentReference: resume.providers[0].paymentReference,
      },
    ]);
    expectError(
      await t.call({
        method: 'GET',
        url: `/api/resume/semesters?userId=${scene.ids.hostB}`,
        token: scene.tokens.hostA,
      }),
      404,
      'not_found',
    );
  });
});

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
