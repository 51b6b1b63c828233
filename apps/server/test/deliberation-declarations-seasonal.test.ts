import { componentInfo, monthOutsideMessage } from '@sejour/domain';
import { describe, expect, it } from 'vitest';
import { useDeliberations } from './helpers/deliberations';

/** Declarations computed from the deliberation of their pricing, through HTTP (the scene: helpers/deliberations.ts). */
const { t, calls, ids, declared, amounts } = useDeliberations();

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
