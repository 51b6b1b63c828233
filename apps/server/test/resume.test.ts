import { amountsMismatches, isValidPaymentReference, type ResumeAmounts } from '@sejour/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { declarations } from '../src/db/schema';
import { pdfPages } from './helpers/pdf-text';
import { expectError } from './helpers/pricings';
import { useResumeScene } from './helpers/resume';

/** A generated semester (helpers/resume.ts). */
const { t, scene, get } = useResumeScene();

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
