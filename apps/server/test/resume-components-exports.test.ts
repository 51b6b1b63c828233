import { COMPONENT_KINDS, componentInfo, EXEMPTION_REASON_LABELS, EXEMPTION_REASONS } from '@sejour/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { declarations } from '../src/db/schema';
import { pdfPages } from './helpers/pdf-text';
import { useComponentsScene } from './helpers/resume-components';

/** A Paris-like host and a Moselle-like one, their declarations per component (helpers/resume-components.ts). */
const { t, scene, ids, euros } = useComponentsScene();

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
