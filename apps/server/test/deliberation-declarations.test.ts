import { componentInfo } from '@sejour/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { declarations as declarationsTable } from '../src/db/schema';
import { useDeliberations } from './helpers/deliberations';
import { pdfPages } from './helpers/pdf-text';

/** Declarations computed from the deliberation of their pricing, through HTTP (the scene: helpers/deliberations.ts). */
const { t, calls, ids, declared, amounts } = useDeliberations();

describe('a Paris-like deliberation', () => {
  it('charges 5,53 € per person-night in a 3★ hotel at 1,70 €, each component stored to the cent', async () => {
    const declaration = await declared({
      establishmentId: ids.paris3,
      year: 2024,
      month: 6,
      personCount: 20,
      nightsCount: 40,
      exemptedCount: 4,
      exemptionsByReason: { MINOR: 3, SEASONAL_WORKER: 1 },
    });
    // 36 taxable person-nights: 1,60 + 0,16 + 0,24 + 3,20 = 5,20 €.
    expect(declaration).toMatchObject({
      taxableNights: 36,
      ccAmount: 5760,
      moselleAmount: 576,
      totalAmount: 18720,
      exemptionsByReason: { MINOR: 3, SEASONAL_WORKER: 1, EMERGENCY_REHOUSING: 0, LOW_RENT: 0 },
    });
    expect(declaration.components).toEqual([
      { kind: 'DEPARTMENTAL', label: componentInfo.DEPARTMENTAL.label, rate: 1000, unit: 16, amount: 576 },
      { kind: 'ILE_DE_FRANCE', label: componentInfo.ILE_DE_FRANCE.label, rate: 1500, unit: 24, amount: 864 },
      {
        kind: 'IDF_MOBILITES',
        label: componentInfo.IDF_MOBILITES.label,
        rate: 20000,
        unit: 320,
        amount: 11520,
      },
    ]);
    const [row] = await t.database.db
      .select()
      .from(declarationsTable)
      .where(eq(declarationsTable.id, declaration.id));
    expect(row).toMatchObject({
      ccAmount: 5760,
      moselleAmount: 576,
      ileDeFranceAmount: 864,
      idfMobilitesAmount: 11520,
      railwayLineAmount: 0,
      totalAmount: 18720,
      exemptedMinor: 3,
      exemptedSeasonalWorker: 1,
      exemptedEmergencyRehousing: 0,
      exemptedLowRent: 0,
    });
    // The tariff copy keeps every unit it was computed with.
    expect(row!.tariffs!.tariffs).toEqual({
      cc: 160,
      moselle: 16,
      components: [
        { kind: 'DEPARTMENTAL', rate: 1000, unit: 16 },
        { kind: 'ILE_DE_FRANCE', rate: 1500, unit: 24 },
        { kind: 'IDF_MOBILITES', rate: 20000, unit: 320 },
      ],
    });
    // A done declaration keeps its components.
    const done = await calls.done(t.tokens.host, declaration.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ totalAmount: 18720, exemptionsByReason: { MINOR: 3 } });
    expect(amounts(done.json().data)).toEqual({
      DEPARTMENTAL: 576,
      ILE_DE_FRANCE: 864,
      IDF_MOBILITES: 11520,
    });

    // The semester's resume sums each component; the notice prints each one's line.
    const resume = await t.call({
      method: 'GET',
      url: `/api/resume?year=2024&semester=1&userId=${t.users.host.id}`,
      token: t.tokens.admin,
    });
    expect(resume.statusCode, resume.body).toBe(200);
    expect(resume.json().data.componentTotals).toEqual({
      DEPARTMENTAL: 576,
      ILE_DE_FRANCE: 864,
      IDF_MOBILITES: 11520,
      RAILWAY_LINE: 0,
    });
    const notice = await t.call({
      method: 'GET',
      url: `/api/resume/notices.pdf?year=2024&semester=1&userId=${t.users.host.id}`,
      token: t.tokens.admin,
    });
    expect(notice.statusCode).toBe(200);
    const text = (await pdfPages(notice.rawPayload)).join(' ').replace(/\s/g, ' ');
    for (const [kind, cents] of [
      ['ILE_DE_FRANCE', '8,64'],
      ['IDF_MOBILITES', '115,20'],
    ] as const) {
      expect(text).toContain(componentInfo[kind].label);
      expect(text).toContain(cents);
    }
    expect(text).toContain('187,20');
  });

  it('charges every classified row and an unclassified let by its own base', async () => {
    // 0,80 + 0,08 + 0,12 + 1,60 = 2,60 € × 10.
    const guestRooms = await declared({ establishmentId: ids.paris1, year: 2024, month: 6, nightsCount: 10 });
    expect(guestRooms).toMatchObject({ ccAmount: 800, moselleAmount: 80, totalAmount: 2600 });
    expect(amounts(guestRooms)).toEqual({ DEPARTMENTAL: 80, ILE_DE_FRANCE: 120, IDF_MOBILITES: 1600 });
    // 0,20 + 0,02 + 0,03 + 0,40 = 0,65 € × 7.
    const marina = await declared({ establishmentId: ids.parisCamp, year: 2024, month: 6, nightsCount: 7 });
    expect(marina).toMatchObject({ ccAmount: 140, moselleAmount: 14, totalAmount: 455 });
    expect(amounts(marina)).toEqual({ DEPARTMENTAL: 14, ILE_DE_FRANCE: 21, IDF_MOBILITES: 280 });
    // 5 % of 400 € over 10 person-nights = 2,00 € (under the cap), charged to the 8 taxable ones:
    // 2,00 + 0,20 + 0,30 + 4,00 = 6,50 € × 8. Above the threshold, 5 % of 3 000 € over 10 = 15 € capped at
    // 3,00 € (the highest tariff): 3,00 + 0,30 + 0,45 + 6,00 = 9,75 € × 10.
    const unclassified = await declared({
      establishmentId: ids.parisNone,
      year: 2024,
      month: 6,
      nightsCountInf: 10,
      nightsCountInfMin: 2,
      prixInf: 40_000,
      prixInfMin: 8_000,
      nightsCountSup: 10,
      prixSup: 300_000,
    });
    expect(unclassified).toMatchObject({
      taxableNights: 18,
      ccAmount: 1600 + 3000,
      moselleAmount: 160 + 300,
      totalAmount: 5200 + 9750,
    });
    expect(amounts(unclassified)).toEqual({
      DEPARTMENTAL: 460,
      ILE_DE_FRANCE: 240 + 450,
      IDF_MOBILITES: 3200 + 6000,
    });
    expect(unclassified.components.every((c: { unit: number | null }) => c.unit === null)).toBe(true);
  });

  it('refuses exempted person-nights by reason that do not add up to the exempted total, in French', async () => {
    const res = await calls.create(t.tokens.host, {
      establishmentId: ids.paris3,
      year: 2024,
      month: 7,
      nightsCount: 10,
      exemptedCount: 3,
      exemptionsByReason: { MINOR: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'validation_error',
      errors: {
        exemptionsByReason:
          'La somme des nuitées exonérées par motif (1) doit être égale au total des nuitées exonérées (3).',
      },
    });
    const list = await t.call({
      method: 'GET',
      url: `/api/declarations?establishmentId=${ids.paris3}&year=2024&month=7`,
      token: t.tokens.host,
    });
    expect(list.json().data).toEqual([]);
  });
});
