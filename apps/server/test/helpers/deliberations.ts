import { type ComponentKind, type Components, componentInfo } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { beforeAll, expect } from 'vitest';
import { useApp } from '../fixture';
import { declarationCalls } from './declarations';

/**
 * The scene of the declarations computed from the deliberation of their pricing, through HTTP. Three deliberations entered on
 * the pricing routes, one per year (pricings never overlap): a Paris-like one in 2024 (departmental,
 * Île-de-France and IDFM components; 3★ at 1,60 €, the year's ceiling), a Moselle-like one in 2025 (today's
 * body, departmental only: today's figures), a seasonal one in 2026 (1 April – 30 September, departmental and
 * new railway line components, a low-rent threshold of 1 €). Establishments of several natures are created
 * by an admin with their nature and classification. The clock is on 25 November 2026.
 *
 * Called at the top of a file, it starts that file's app and enters the deliberations and establishments
 * before its tests.
 */
export function useDeliberations() {
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

  return { t, calls, ids, declared, amounts };
}
