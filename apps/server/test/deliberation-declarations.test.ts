import { type ComponentKind, type Components, componentInfo, monthOutsideMessage } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { declarations as declarationsTable } from '../src/db/schema';
import { useApp } from './fixture';
import { declarationCalls } from './helpers/declarations';
import { pdfPages } from './helpers/pdf-text';

/**
 * Declarations computed from the deliberation of their pricing, through HTTP. Three deliberations entered on
 * the pricing routes, one per year (pricings never overlap): a Paris-like one in 2024 (departmental,
 * Île-de-France and IDFM components; 3★ at 1,60 €, the year's ceiling), a Moselle-like one in 2025 (today's
 * body, departmental only: today's figures), a seasonal one in 2026 (1 April – 30 September, departmental and
 * new railway line components, a low-rent threshold of 1 €). Establishments of several natures are created
 * by an admin with their nature and classification. The clock is on 25 November 2026.
 */
const t = useApp({ sessions: ['host', 'admin'], at: '2026-11-25T10:00:00Z' });
const calls = declarationCalls(() => t);

function component(kind: ComponentKind, enabled: boolean, rate: number) {
  return { enabled, rate, beneficiary: componentInfo[kind].beneficiary };
}

const PARIS: Components = {
  DEPARTMENTAL: component('DEPARTMENTAL', true, 1000),
  ILE_DE_FRANCE: component('ILE_DE_FRANCE', true, 1500),
  IDF_MOBILITES: component('IDF_MOBILITES', true, 20000),
  RAILWAY_LINE: component('RAILWAY_LINE', false, 3400),
};
const SEASONAL: Components = {
  DEPARTMENTAL: component('DEPARTMENTAL', true, 1000),
  ILE_DE_FRANCE: component('ILE_DE_FRANCE', false, 1500),
  IDF_MOBILITES: component('IDF_MOBILITES', false, 20000),
  RAILWAY_LINE: component('RAILWAY_LINE', true, 3400),
};

/** Enters a deliberation for a whole year on the pricing routes, as the pricing screen sends it. */
async function enterDeliberation(year: number, rows: Record<string, unknown>, extra: object) {
  const base = lawfulPricingPayload({ beginDate: `${year}-01-01`, endDate: `${year}-12-31` });
  const res = await t.call({
    method: 'POST',
    url: '/api/pricings',
    payload: { ...base, rows: { ...base.rows, ...rows }, ...extra },
    token: t.tokens.admin,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** An establishment of the host, created by an admin with its nature (and classification). */
async function establishment(name: string, nature: string, stars: number | null) {
  const res = await t.call({
    method: 'POST',
    url: '/api/establishments',
    payload: {
      name,
      nature,
      stars,
      ...(stars === null ? {} : { classifiedOn: '2023-03-15' }),
      capacityMaxPerson: 20,
      openingDate: '2020-01-01',
      userId: t.users.host.id,
    },
    token: t.tokens.admin,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; type: string };
}

const ids = { paris3: 0, paris1: 0, parisCamp: 0, parisNone: 0, moselle3: 0, seasonal: 0, seasonalNone: 0 };

beforeAll(async () => {
  await enterDeliberation(2024, { HOTEL_3: { tariff: 160 } }, { components: PARIS });
  await enterDeliberation(2025, {}, {});
  await enterDeliberation(
    2026,
    {},
    {
      components: SEASONAL,
      collectionPeriods: [{ from: '04-01', to: '09-30' }],
      lowRentThreshold: 100,
    },
  );
  const created = {
    paris3: await establishment('Hôtel 3 étoiles', 'HOTEL', 3),
    paris1: await establishment('Chambres d’hôtes', 'GUEST_ROOMS', null),
    parisCamp: await establishment('Port de plaisance', 'MARINA', null),
    parisNone: await establishment('Meublé non classé', 'FURNISHED_LET', null),
    moselle3: await establishment('Résidence de Metz', 'TOURIST_RESIDENCE', 3),
    seasonal: await establishment('Meublé d’été', 'FURNISHED_LET', 3),
    seasonalNone: await establishment('Gîte d’été', 'FURNISHED_LET', null),
  };
  // Each nature and classification gives its row of the grid.
  expect(Object.fromEntries(Object.entries(created).map(([key, row]) => [key, row.type]))).toEqual({
    paris3: 'HOTEL_3',
    paris1: 'HOTEL_1',
    parisCamp: 'CAMPING_12',
    parisNone: 'NONE',
    moselle3: 'HOTEL_3',
    seasonal: 'HOTEL_3',
    seasonalNone: 'NONE',
  });
  for (const [key, row] of Object.entries(created)) ids[key as keyof typeof ids] = row.id;
});

async function declared(payload: object) {
  const res = await calls.create(t.tokens.host, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const amounts = (declaration: { components: Array<{ kind: string; amount: number }> }) =>
  Object.fromEntries(declaration.components.map(({ kind, amount }) => [kind, amount]));

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

describe('a Moselle-like deliberation (departmental only)', () => {
  it('computes today’s figures, and stores no reasons without them', async () => {
    const declaration = await declared({
      establishmentId: ids.moselle3,
      year: 2025,
      month: 3,
      nightsCount: 36,
    });
    // 1,50 € + 0,15 € × 36, as always.
    expect(declaration).toMatchObject({
      ccAmount: 5400,
      moselleAmount: 540,
      totalAmount: 5940,
      exemptionsByReason: null,
      tariffs: { cc: 150, moselle: 15 },
    });
    expect(declaration.components).toEqual([
      { kind: 'DEPARTMENTAL', label: componentInfo.DEPARTMENTAL.label, rate: 1000, unit: 15, amount: 540 },
    ]);
  });

  it('leaves every past month of the year missing', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/declarations/missing?year=2025&userId=${t.users.host.id}&type=HOTEL_3&limit=100`,
      token: t.tokens.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const months = res
      .json()
      .data.filter((row: { establishmentId: number }) => row.establishmentId === ids.moselle3)
      .map((row: { month: number }) => row.month);
    expect(months).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('a seasonal deliberation (1 April – 30 September)', () => {
  it('asks for April to September only: the months outside are not missing nor late', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/declarations/missing?year=2026&userId=${t.users.host.id}&type=HOTEL_3&limit=100`,
      token: t.tokens.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const months = res
      .json()
      .data.filter((row: { establishmentId: number }) => row.establishmentId === ids.seasonal)
      .map((row: { month: number }) => row.month);
    expect(months).toEqual([4, 5, 6, 7, 8, 9]);
    const year = await t.call({
      method: 'GET',
      url: `/api/establishments/${ids.seasonal}/months?year=2026`,
      token: t.tokens.host,
    });
    expect(year.statusCode, year.body).toBe(200);
    expect(year.json().data.months.map((m: { state: string }) => m.state)).toEqual([
      'outside_period',
      'outside_period',
      'outside_period',
      'late',
      'late',
      'late',
      'late',
      'late',
      'late',
      'outside_period',
      'outside_period',
      'outside_period',
    ]);
  });

  it('leaves the months outside the periods out of the resume’s missing months', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/resume?year=2026&semester=2',
      token: t.tokens.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.providers.flatMap((p: { rows: unknown[] }) => p.rows);
    const seasonal = rows.find((row: { establishmentId: number }) => row.establishmentId === ids.seasonal);
    expect(seasonal.missingMonths).toEqual([7, 8, 9]);
  });

  it('reminds the host on Home of the months inside the periods only', async () => {
    const res = await t.call({ method: 'GET', url: '/api/home/host', token: t.tokens.host });
    expect(res.statusCode, res.body).toBe(200);
    const seasonal = res.json().data.establishments.find((e: { id: number }) => e.id === ids.seasonal);
    const late2026 = seasonal.late
      .filter((m: { year: number }) => m.year === 2026)
      .map((m: { month: number }) => m.month);
    expect(late2026).toContain(9);
    expect(late2026.every((month: number) => month >= 4 && month <= 9)).toBe(true);
  });

  it('refuses to declare a month outside the periods, in French', async () => {
    const res = await calls.create(t.tokens.host, {
      establishmentId: ids.seasonal,
      year: 2026,
      month: 10,
      nightsCount: 4,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'month_not_declarable',
      message: monthOutsideMessage(2026, 10),
    });
    const nothing = await t.call({
      method: 'POST',
      url: '/api/declarations/nothing',
      payload: { establishmentId: ids.seasonal, year: 2026, month: 3 },
      token: t.tokens.host,
    });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe(monthOutsideMessage(2026, 3));
  });

  it('computes from the register only the September nights of a stay across 30 September, with the rent threshold', async () => {
    const addStay = async (payload: object) => {
      const res = await t.call({
        method: 'POST',
        url: `/api/establishments/${ids.seasonal}/stays`,
        payload,
        token: t.tokens.host,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    // Five nights, 28 September to 3 October: three in September.
    await addStay({ arrival: '2026-09-28', departure: '2026-10-03', persons: 2, price: 50_000 });
    // Two nights for 2 € in all: 0,50 € per person-night, below the 1 € threshold.
    await addStay({ arrival: '2026-09-10', departure: '2026-09-12', persons: 2, price: 200 });
    await addStay({
      arrival: '2026-09-14',
      departure: '2026-09-15',
      persons: 3,
      exempted: 1,
      exemptionReason: 'MINOR',
      price: 9_000,
    });
    const register = await t.call({
      method: 'GET',
      url: `/api/establishments/${ids.seasonal}/register?year=2026&month=9`,
      token: t.tokens.host,
    });
    expect(register.statusCode, register.body).toBe(200);
    const month = register.json().data;
    expect(month.figures).toMatchObject({ nightsCount: 6 + 4 + 3, exemptedCount: 4 + 1 });
    expect(month.exemptionsByReason).toEqual({
      MINOR: 1,
      SEASONAL_WORKER: 0,
      EMERGENCY_REHOUSING: 0,
      LOW_RENT: 4,
    });
    const october = await t.call({
      method: 'GET',
      url: `/api/establishments/${ids.seasonal}/register?year=2026&month=10`,
      token: t.tokens.host,
    });
    expect(october.json().data.figures.nightsCount).toBe(0);

    // Declared as the register computed it: 8 taxable person-nights at 1,50 + 0,15 + 0,51 = 2,16 €.
    const declaration = await declared({
      establishmentId: ids.seasonal,
      year: 2026,
      month: 9,
      ...month.figures,
      exemptionsByReason: month.exemptionsByReason,
    });
    expect(declaration).toMatchObject({
      taxableNights: 8,
      ccAmount: 1200,
      moselleAmount: 120,
      totalAmount: 1200 + 120 + 408,
      exemptionsByReason: month.exemptionsByReason,
    });
    expect(amounts(declaration)).toEqual({ DEPARTMENTAL: 120, RAILWAY_LINE: 408 });

    // The register's export details each stay's tax due by component, its September nights only.
    const csv = await t.call({
      method: 'GET',
      url: `/api/establishments/${ids.seasonal}/stays/export.csv?year=2026&month=9`,
      token: t.tokens.host,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toBe(
      [
        'Arrivée;Départ;Nuits;Personnes;Exonérés;Motif d’exonération;Nuitées;Prix HT (€);Plateforme',
        'Part intercommunale (€)',
        `${componentInfo.DEPARTMENTAL.label} (€)`,
        `${componentInfo.RAILWAY_LINE.label} (€)`,
        'Taxe due (€);Référence',
      ].join(';'),
    );
    // 28 September – 3 October, 2 persons: 6 person-nights taxed at 1,50 + 0,15 + 0,51 €.
    expect(rows.find((row) => row.startsWith('28/09/2026'))).toContain(';9,00;0,90;3,06;12,96;');
    // Below the low-rent threshold: nothing due.
    expect(rows.find((row) => row.startsWith('10/09/2026'))).toContain(';0,00;0,00;0,00;0,00;');
  });
});
