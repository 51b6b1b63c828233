import {
  COMPONENT_KINDS,
  type ComponentKind,
  componentInfo,
  componentsSchema,
  EXEMPTION_REASON_LABELS,
  EXEMPTION_REASONS,
} from '@sejour/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { declarations, pricings } from '../src/db/schema';
import { useApp } from './fixture';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './helpers/declarations';
import { pdfPages } from './helpers/pdf-text';
import { expectError } from './helpers/pricings';

/**
 * A Paris-like host (every component collected) and a Moselle-like one (the departmental component alone), the
 * clock being 15 March 2026. Declarations are made through HTTP; the other components' amounts and the
 * exempted person-nights by reason are then written as the declarations' computation stores them.
 */
const t = useApp();
let scene: DeclarationScene;
const calls = declarationCalls(() => t);
const ids: Record<'parisJan' | 'parisFeb' | 'parisAug' | 'moselle', number> = {
  parisJan: 0,
  parisFeb: 0,
  parisAug: 0,
  moselle: 0,
};

/** Odd figures, so that a sum taken from the wrong column or rounded shows. */
const OTHERS: Record<keyof typeof ids, Record<Exclude<ComponentKind, 'DEPARTMENTAL'>, number>> = {
  parisJan: { ILE_DE_FRANCE: 1_037, IDF_MOBILITES: 13_801, RAILWAY_LINE: 2_347 },
  parisFeb: { ILE_DE_FRANCE: 211, IDF_MOBILITES: 2_805, RAILWAY_LINE: 477 },
  parisAug: { ILE_DE_FRANCE: 5, IDF_MOBILITES: 67, RAILWAY_LINE: 11 },
  moselle: { ILE_DE_FRANCE: 0, IDF_MOBILITES: 0, RAILWAY_LINE: 0 },
};

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/\s/g, ' ');

beforeAll(async () => {
  scene = await createDeclarationScene(t);
  const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3', name: 'Hôtel Lutèce' });
  const camping = await insertEstablishment(t, scene.ids.hostB, {
    type: 'CAMPING_345',
    name: 'Camping Mosel',
  });
  const declare = async (token: string, body: object) => {
    const response = await calls.create(token, body);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as number;
    expect((await calls.done(token, id)).statusCode).toBe(200);
    return id;
  };
  ids.parisJan = await declare(scene.tokens.hostA, {
    establishmentId: hotel.id,
    year: 2026,
    month: 1,
    nightsCount: 431,
    exemptedCount: 12,
  });
  ids.parisFeb = await declare(scene.tokens.hostA, {
    establishmentId: hotel.id,
    year: 2026,
    month: 2,
    nightsCount: 87,
    exemptedCount: 3,
  });
  // A second-semester declaration: made for March, then moved to August as if declared in the autumn.
  ids.parisAug = await declare(scene.tokens.hostA, {
    establishmentId: hotel.id,
    year: 2026,
    month: 3,
    nightsCount: 3,
  });
  ids.moselle = await declare(scene.tokens.hostB, {
    establishmentId: camping.id,
    year: 2026,
    month: 1,
    nightsCount: 55,
    exemptedCount: 4,
  });
  await t.database.db.update(declarations).set({ month: 8 }).where(eq(declarations.id, ids.parisAug));
  for (const [key, id] of Object.entries(ids) as Array<[keyof typeof ids, number]>) {
    const others = OTHERS[key];
    await t.database.db
      .update(declarations)
      .set({
        ileDeFranceAmount: others.ILE_DE_FRANCE,
        idfMobilitesAmount: others.IDF_MOBILITES,
        railwayLineAmount: others.RAILWAY_LINE,
        totalAmount: sql`${declarations.totalAmount} + ${others.ILE_DE_FRANCE + others.IDF_MOBILITES + others.RAILWAY_LINE}`,
      })
      .where(eq(declarations.id, id));
  }
  // The Paris declarations know their exempted person-nights by reason; the Moselle one predates reasons.
  await t.database.db
    .update(declarations)
    .set({ exemptedMinor: 9, exemptedSeasonalWorker: 3, exemptedEmergencyRehousing: 0, exemptedLowRent: 0 })
    .where(eq(declarations.id, ids.parisJan));
  await t.database.db
    .update(declarations)
    .set({ exemptedMinor: 1, exemptedSeasonalWorker: 0, exemptedEmergencyRehousing: 0, exemptedLowRent: 2 })
    .where(eq(declarations.id, ids.parisFeb));
  // The deliberation names Île-de-France Mobilités' beneficiary its own way.
  const components = componentsSchema.parse({
    ILE_DE_FRANCE: { enabled: true, rate: 1_500, beneficiary: componentInfo.ILE_DE_FRANCE.beneficiary },
    IDF_MOBILITES: { enabled: true, rate: 20_000, beneficiary: 'IDFM — service des recettes' },
    RAILWAY_LINE: { enabled: true, rate: 3_400, beneficiary: componentInfo.RAILWAY_LINE.beneficiary },
  });
  await t.database.db
    .update(pricings)
    .set({ payload: sql`${pricings.payload} || ${JSON.stringify({ components })}::jsonb` });
});

async function stored(filter: (d: typeof declarations.$inferSelect) => boolean) {
  const rows = await t.database.db.select().from(declarations);
  return rows.filter((d) => d.done && filter(d));
}

function sums(rows: Array<typeof declarations.$inferSelect>): Record<ComponentKind, number> {
  const sum = (f: (d: (typeof rows)[number]) => number) => rows.reduce((s, d) => s + f(d), 0);
  return {
    DEPARTMENTAL: sum((d) => d.moselleAmount),
    ILE_DE_FRANCE: sum((d) => d.ileDeFranceAmount),
    IDF_MOBILITES: sum((d) => d.idfMobilitesAmount),
    RAILWAY_LINE: sum((d) => d.railwayLineAmount),
  };
}

const firstSemester = (d: typeof declarations.$inferSelect) => d.year === 2026 && d.month <= 6;

describe('the resume per component', () => {
  it('sums each component to the cent, per establishment, provider and semester, beside the specification’s amounts', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/resume?year=2026&semester=1',
      token: scene.tokens.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const resume = response.json().data;
    const all = await stored(firstSemester);
    expect(resume.componentTotals).toEqual(sums(all));
    expect(resume.totals.moselleAmount).toBe(resume.componentTotals.DEPARTMENTAL);
    expect(resume.shownComponents).toEqual(COMPONENT_KINDS);
    const hostA = resume.providers.find((p: { userId: number }) => p.userId === scene.ids.hostA);
    expect(hostA.componentTotals).toEqual(
      sums(await stored((d) => firstSemester(d) && d.userId === scene.ids.hostA)),
    );
    expect(hostA.rows[0].components).toEqual(hostA.componentTotals);
    // Every total still adds up: the collectivity's share and every component.
    const componentSum = COMPONENT_KINDS.reduce((s, kind) => s + resume.componentTotals[kind], 0);
    expect(resume.totals.totalAmount).toBe(resume.totals.ccAmount + componentSum);
  });

  it('shows only the departmental component where nothing else was collected', async () => {
    const own = (
      await t.call({ method: 'GET', url: '/api/resume?year=2026&semester=1', token: scene.tokens.hostB })
    ).json().data;
    expect(own.shownComponents).toEqual(['DEPARTMENTAL']);
    expect(own.componentTotals).toEqual(
      sums(await stored((d) => firstSemester(d) && d.userId === scene.ids.hostB)),
    );
  });
});

describe('the reversements', () => {
  it('give, per semester and beneficiary, what was collected on its behalf, with the deliberation’s names', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/resume/reversements?year=2026',
      token: scene.tokens.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { semesters } = response.json().data;
    expect(semesters.map((s: { semester: number }) => s.semester)).toEqual([1, 2]);
    const first = sums(await stored(firstSemester));
    const second = sums(await stored((d) => d.year === 2026 && d.month > 6));
    expect(semesters[0].lines).toEqual([
      { kind: 'DEPARTMENTAL', beneficiary: 'Département', amount: first.DEPARTMENTAL },
      { kind: 'ILE_DE_FRANCE', beneficiary: 'Société des grands projets', amount: first.ILE_DE_FRANCE },
      { kind: 'IDF_MOBILITES', beneficiary: 'IDFM — service des recettes', amount: first.IDF_MOBILITES },
      {
        kind: 'RAILWAY_LINE',
        beneficiary: componentInfo.RAILWAY_LINE.beneficiary,
        amount: first.RAILWAY_LINE,
      },
    ]);
    expect(semesters[0].totalAmount).toBe(COMPONENT_KINDS.reduce((s, kind) => s + first[kind], 0));
    expect(semesters[1].lines.map((l: { amount: number }) => l.amount)).toEqual(
      COMPONENT_KINDS.map((kind) => second[kind]),
    );
    expect(first.IDF_MOBILITES).toBe(OTHERS.parisJan.IDF_MOBILITES + OTHERS.parisFeb.IDF_MOBILITES);

    const one = (
      await t.call({
        method: 'GET',
        url: '/api/resume/reversements?year=2026&semester=2',
        token: scene.tokens.admin,
      })
    ).json().data;
    expect(one.semesters).toEqual([semesters[1]]);
  });

  it('export as CSV, and are the admins’ only', async () => {
    const csv = await t.call({
      method: 'GET',
      url: '/api/resume/reversements.csv?year=2026&semester=1',
      token: scene.tokens.admin,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Année;Semestre;Composante;Fondement légal;Bénéficiaire;Montant (€)');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toBe(
      `2026;1er semestre (janvier – juin);${componentInfo.IDF_MOBILITES.label};"CGCT, art. L2531-18";IDFM — service des recettes;${(
        (OTHERS.parisJan.IDF_MOBILITES + OTHERS.parisFeb.IDF_MOBILITES) /
        100
      )
        .toFixed(2)
        .replace('.', ',')}`,
    );
    for (const url of ['/api/resume/reversements?year=2026', '/api/resume/reversements.csv?year=2026'])
      expectError(await t.call({ method: 'GET', url, token: scene.tokens.hostA }), 403, 'forbidden');
  });
});

describe('the exports per component', () => {
  const headers = COMPONENT_KINDS.map((kind) => `${componentInfo[kind].label} (€)`);

  it('give the accounting export a column per component, totals unchanged', async () => {
    const csv = await t.call({
      method: 'GET',
      url: '/api/resume/accounting.csv?year=2026&semester=1',
      token: scene.tokens.admin,
    });
    const [header, ...rows] = csv.body.trim().split('\r\n');
    expect(header).toBe(
      `Référence de paiement;Hébergeur;Société;Part intercommunale (€);${headers.join(';')};Total (€)`,
    );
    const resume = (
      await t.call({
        method: 'GET',
        url: `/api/resume?year=2026&semester=1&userId=${scene.ids.hostA}`,
        token: scene.tokens.admin,
      })
    ).json().data;
    const provider = resume.providers[0];
    const cell = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    expect(rows.find((r) => r.startsWith(provider.paymentReference))).toContain(
      [
        provider.totals.ccAmount,
        ...COMPONENT_KINDS.map((k) => provider.componentTotals[k]),
        provider.totals.totalAmount,
      ]
        .map(cell)
        .join(';'),
    );
    const byReason = { MINOR: 10, SEASONAL_WORKER: 3, EMERGENCY_REHOUSING: 0, LOW_RENT: 2 };
    expect(provider.rows[0].exemptionsByReason).toEqual(byReason);
    const resumeCsv = await t.call({
      method: 'GET',
      url: '/api/resume/export.csv?year=2026&semester=1',
      token: scene.tokens.admin,
    });
    const [resumeHeader, ...resumeRows] = resumeCsv.body.trim().split('\r\n');
    const reasons = EXEMPTION_REASONS.map((r) => `Nuitées exonérées — ${EXEMPTION_REASON_LABELS[r]}`);
    expect(resumeHeader).toContain(
      `Part intercommunale (€);${headers.join(';')};Total (€);${reasons.join(';')}`,
    );
    // By reason where known; the Moselle declaration predates reasons: its exempted total stands alone.
    expect(resumeRows.find((r) => r.includes('Hôtel Lutèce'))).toMatch(/;10;3;0;2$/);
    expect(resumeRows.find((r) => r.includes('Camping Mosel'))).toMatch(/;;;;$/);
    const hostB = (
      await t.call({
        method: 'GET',
        url: `/api/resume?year=2026&semester=1&userId=${scene.ids.hostB}`,
        token: scene.tokens.admin,
      })
    ).json().data;
    expect(hostB.providers[0].rows[0].exemptionsByReason).toBeNull();
  });

  it('give the declarations export a column per component collected, and none other where there is none', async () => {
    const all = await t.call({
      method: 'GET',
      url: '/api/declarations/export.csv?year=2026',
      token: scene.tokens.admin,
    });
    const [header, ...rows] = all.body.trim().split('\r\n');
    expect(header).toContain(`Part intercommunale (€);${headers.join(';')};Total (€)`);
    const jan = await t.database.db.select().from(declarations).where(eq(declarations.id, ids.parisJan));
    const d = jan[0]!;
    const cell = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    expect(
      rows.some((r) =>
        r.endsWith(
          [
            d.ccAmount,
            d.moselleAmount,
            d.ileDeFranceAmount,
            d.idfMobilitesAmount,
            d.railwayLineAmount,
            d.totalAmount,
          ]
            .map(cell)
            .join(';'),
        ),
      ),
    ).toBe(true);
    const moselle = await t.call({
      method: 'GET',
      url: '/api/declarations/export.csv?year=2026',
      token: scene.tokens.hostB,
    });
    expect(moselle.body.split('\r\n')[0]).toMatch(
      /;Part intercommunale \(€\);Taxe additionnelle départementale \(€\);Total \(€\)$/,
    );
  });
});

describe('the notice per component', () => {
  async function noticeText(userId: number) {
    const response = await t.call({
      method: 'GET',
      url: `/api/resume/notices.pdf?year=2026&semester=1&userId=${userId}`,
      token: scene.tokens.admin,
    });
    expect(response.statusCode).toBe(200);
    return (await pdfPages(response.rawPayload)).join(' ').replace(/\s/g, ' ');
  }

  it('prints each component’s line and the total, and the exempted person-nights by reason', async () => {
    const text = await noticeText(scene.ids.hostA);
    const resume = (
      await t.call({
        method: 'GET',
        url: `/api/resume?year=2026&semester=1&userId=${scene.ids.hostA}`,
        token: scene.tokens.admin,
      })
    ).json().data;
    const provider = resume.providers[0];
    expect(text).toContain('Taxes additionnelles');
    expect(text).toContain(`Part intercommunale : ${euros(provider.totals.ccAmount)}`);
    for (const kind of COMPONENT_KINDS)
      expect(text).toContain(
        `${componentInfo[kind].label} (${componentInfo[kind].legalBasis}) : ${euros(provider.componentTotals[kind])}`,
      );
    expect(text).toContain(`Total : ${euros(provider.totals.totalAmount)}`);
    // Each line adds up on its face: share, every component together, total.
    const jan = (
      await t.database.db.select().from(declarations).where(eq(declarations.id, ids.parisJan))
    )[0]!;
    const components =
      jan.moselleAmount + jan.ileDeFranceAmount + jan.idfMobilitesAmount + jan.railwayLineAmount;
    expect(text).toContain([euros(jan.ccAmount), euros(components), euros(jan.totalAmount)].join(' '));
    expect(text).toContain(
      `Nuitées exonérées par motif — ${EXEMPTION_REASON_LABELS.MINOR} : 10 · ${EXEMPTION_REASON_LABELS.SEASONAL_WORKER} : 3 · ${EXEMPTION_REASON_LABELS.LOW_RENT} : 2`,
    );
  });

  it('keeps a departmental-only notice as it was, with the exempted total alone when reasons are unknown', async () => {
    const text = await noticeText(scene.ids.hostB);
    expect(text).not.toContain('Taxes additionnelles');
    expect(text).not.toContain(componentInfo.IDF_MOBILITES.label);
    expect(text).toContain(`${componentInfo.DEPARTMENTAL.label} (${componentInfo.DEPARTMENTAL.legalBasis})`);
    expect(text).not.toContain('Nuitées exonérées par motif');
  });
});

describe('the dashboard', () => {
  it('gives the twelve months’ amount of each component', async () => {
    const response = await t.call({ method: 'GET', url: '/api/home/dashboard', token: scene.tokens.admin });
    expect(response.statusCode, response.body).toBe(200);
    // The August declaration lies ahead of the clock, outside the last twelve months.
    expect(response.json().data.byComponent).toEqual(
      sums(await stored((d) => d.year === 2026 && d.month <= 3)),
    );
  });

  it('gives the twelve months’ exempted person-nights by reason, and those recorded without one', async () => {
    const response = await t.call({ method: 'GET', url: '/api/home/dashboard', token: scene.tokens.admin });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await stored((d) => d.year === 2026 && d.month <= 3);
    const withoutReason = rows
      .filter((d) => d.exemptedMinor === null)
      .reduce((sum, d) => sum + d.exemptedCount, 0);
    expect(withoutReason).toBeGreaterThan(0);
    expect(response.json().data.exempted).toEqual({
      byReason: { MINOR: 10, SEASONAL_WORKER: 3, EMERGENCY_REHOUSING: 0, LOW_RENT: 2 },
      withoutReason,
    });
  });
});
