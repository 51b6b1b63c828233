import { auditChangeText } from '@sejour/domain';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, pricings } from '../src/db/schema';
import { useApp } from './fixture';
import {
  createPricingActors,
  expectError,
  insertDeclaration,
  type PricingActors,
  pricingCalls,
  resetPricings,
  withRows,
} from './helpers/pricings';

/** A pricing entered as the collectivity deliberated it: components, collection periods, low-rent threshold. */

const t = useApp();
let tokens: PricingActors['tokens'];
let hostId: number;

beforeAll(async () => {
  ({ tokens, hostId } = await createPricingActors(t));
});

beforeEach(() => resetPricings(t));

const { create, created, update } = pricingCalls(() => ({ t, adminToken: tokens.admin }));

const component = (rate: number, beneficiary: string, enabled = true) => ({ enabled, rate, beneficiary });

/** Paris 2026: every component on, the whole year, rents below 1 € per person and night exempted. */
function parisLike(overrides: Record<string, unknown> = {}) {
  return {
    ...withRows({ HOTEL_3: { tariff: 170 } }),
    components: {
      DEPARTMENTAL: component(1000, 'Département'),
      ILE_DE_FRANCE: component(1500, 'Société des grands projets'),
      IDF_MOBILITES: component(20_000, 'Île-de-France Mobilités'),
      RAILWAY_LINE: component(3400, 'Société de projet de la ligne nouvelle'),
    },
    lowRentThreshold: 100,
    ...overrides,
  };
}

async function read(id: number) {
  const response = await t.call({ method: 'GET', url: `/api/pricings/${id}`, token: tokens.admin });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function stored(id: number) {
  const [row] = await t.database.db.select().from(pricings).where(eq(pricings.id, id));
  return row!.payload;
}

async function lastAudit(id: number) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, id))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row!;
}

describe('a deliberation with components', () => {
  it('stores a Paris-like deliberation and reads back each component’s unit per row', async () => {
    const { id } = await created(parisLike());
    const data = await read(id);

    // Today's columns stay true: the departmental rate is the component's.
    expect(data.departmentalRate).toBe(1000);
    expect(data.rows.HOTEL_3).toEqual({ tariff: 170, departmental: 17, total: 187 });

    expect(data.deliberation.components.map((c: { kind: string }) => c.kind)).toEqual([
      'DEPARTMENTAL',
      'ILE_DE_FRANCE',
      'IDF_MOBILITES',
      'RAILWAY_LINE',
    ]);
    expect(data.deliberation.components[2]).toEqual({
      kind: 'IDF_MOBILITES',
      rate: 20_000,
      beneficiary: 'Île-de-France Mobilités',
      label: 'Taxe additionnelle Île-de-France Mobilités',
      legalBasis: 'CGCT, art. L2531-18',
    });
    // 3★ at 1,70 €: 1,70 + 0,17 + 0,26 + 3,40 = 5,53 €.
    expect(data.deliberation.rows.HOTEL_3).toEqual({
      base: 170,
      components: [
        { kind: 'DEPARTMENTAL', rate: 1000, unit: 17 },
        { kind: 'ILE_DE_FRANCE', rate: 1500, unit: 26 },
        { kind: 'IDF_MOBILITES', rate: 20_000, unit: 340 },
        { kind: 'RAILWAY_LINE', rate: 3400, unit: 58 },
      ],
      total: 170 + 17 + 26 + 340 + 58,
    });
    expect(data.deliberation.rows.NONE).toEqual({ rate: 500, cap: 300 });
    expect(data.deliberation.collectionPeriods).toEqual([{ from: '01-01', to: '12-31' }]);
    expect(data.deliberation.lowRentThreshold).toBe(100);

    const list = await t.call({ method: 'GET', url: '/api/pricings', token: tokens.admin });
    expect(list.json().data[0].deliberation).toEqual(data.deliberation);
  });

  it('gives the worked example’s 5,53 € with the components Paris collects', async () => {
    const body = parisLike();
    body.components.RAILWAY_LINE = component(3400, 'Société de projet de la ligne nouvelle', false);
    const { id } = await created(body);
    const row = (await read(id)).deliberation.rows.HOTEL_3;
    expect(row.components.map((c: { unit: number }) => c.unit)).toEqual([17, 26, 340]);
    expect(row.total).toBe(553);
  });

  it('stores a seasonal deliberation without the departmental component', async () => {
    const { id } = await created(
      parisLike({
        components: { DEPARTMENTAL: component(1000, 'Département', false) },
        collectionPeriods: [{ from: '04-01', to: '09-30' }],
        lowRentThreshold: null,
      }),
    );
    const data = await read(id);
    expect(data.departmentalRate).toBe(0);
    expect(data.rows.HOTEL_3).toEqual({ tariff: 170, departmental: 0, total: 170 });
    expect(data.deliberation.components).toEqual([]);
    expect(data.deliberation.rows.HOTEL_3).toEqual({ base: 170, components: [], total: 170 });
    expect(data.deliberation.collectionPeriods).toEqual([{ from: '04-01', to: '09-30' }]);
    expect(await stored(id)).toMatchObject({
      departmentalRate: 0,
      collectionPeriods: [{ from: '04-01', to: '09-30' }],
      lowRentThreshold: null,
    });
  });

  it('audits the deliberation’s parts in French', async () => {
    const { id } = await created(parisLike());
    const response = await update(
      id,
      parisLike({ collectionPeriods: [{ from: '04-01', to: '09-30' }], lowRentThreshold: 150 }),
    );
    expect(response.statusCode).toBe(200);
    const entry = await lastAudit(id);
    expect(entry.action).toBe('update');
    const texts = Object.entries(entry.changes).map(([field, change]) => auditChangeText(field, change));
    expect(texts).toContain(
      'Périodes de perception : du 1er janvier au 31 décembre → du 1er avril au 30 septembre',
    );
    expect(texts).toContain('Seuil de loyer (exonération) : 1,00\u00a0€ → 1,50\u00a0€');
  });
});

describe('what the law refuses, nothing stored', () => {
  it('refuses a component’s rate outside the law with its French message', async () => {
    const response = await create(
      parisLike({ components: { ILE_DE_FRANCE: component(2000, 'Société des grands projets') } }),
    );
    const body = expectError(response, 400, 'validation_error');
    expect(body.errors?.['components.ILE_DE_FRANCE.rate']).toBe(
      'Le taux de la taxe additionnelle régionale Île-de-France (20\u00a0%) doit être égal au taux légal 2026 de 15\u00a0%.',
    );
    expect(await t.database.db.select().from(pricings)).toEqual([]);
  });

  it('refuses overlapping collection periods', async () => {
    const response = await create(
      parisLike({
        collectionPeriods: [
          { from: '04-01', to: '09-30' },
          { from: '09-01', to: '10-31' },
        ],
      }),
    );
    const body = expectError(response, 400, 'validation_error');
    expect(body.errors?.['collectionPeriods.1.from']).toBe(
      'Cette période chevauche la période du 1er avril au 30 septembre : les périodes de perception ne peuvent pas se chevaucher.',
    );
    expect(await t.database.db.select().from(pricings)).toEqual([]);
  });

  it('leaves a stored deliberation as it was when its update is refused', async () => {
    const { id } = await created(parisLike());
    const response = await update(id, parisLike({ components: { RAILWAY_LINE: component(1, 'X') } }));
    expectError(response, 400, 'validation_error');
    expect((await read(id)).deliberation.components).toHaveLength(4);
  });
});

describe('a deliberation a done declaration was computed with', () => {
  it('keeps its components, periods and threshold, and lets a beneficiary be renamed', async () => {
    const { id } = await created(parisLike());
    await insertDeclaration(t, hostId, { pricingId: id, type: 'HOTEL_3' });

    const body = parisLike({ collectionPeriods: [{ from: '04-01', to: '09-30' }], lowRentThreshold: 150 });
    body.components.IDF_MOBILITES = component(20_000, 'Île-de-France Mobilités', false);
    const refused = expectError(await update(id, body), 409, 'pricing_in_use');
    expect(Object.keys(refused.errors ?? {}).sort()).toEqual([
      'collectionPeriods',
      'components.IDF_MOBILITES.enabled',
      'lowRentThreshold',
    ]);
    expect((await read(id)).deliberation.components).toHaveLength(4);

    const renamed = parisLike();
    renamed.components.DEPARTMENTAL = component(1000, 'Département de Paris');
    const renamedResponse = await update(id, renamed);
    expect(renamedResponse.statusCode, renamedResponse.body).toBe(200);
    expect((await read(id)).deliberation.components[0].beneficiary).toBe('Département de Paris');
  });
});

describe('natures au forfait and the abatement', () => {
  const forfait = {
    natures: ['CAMPSITE', 'MARINA'],
    abatements: [
      { fromNights: 1, rate: 5000 },
      { fromNights: 120, rate: 3000 },
    ],
  };

  it('stores them and answers them back in the deliberation', async () => {
    const { id } = await created(parisLike({ forfait }));
    expect((await stored(id)).forfait).toEqual(forfait);
    expect((await read(id)).deliberation.forfait).toEqual(forfait);
  });

  it('refuses an abatement outside 10 %–80 % and a nature that is always au réel, on their fields', async () => {
    const response = await create(
      parisLike({ forfait: { natures: ['OTHER'], abatements: [{ fromNights: 1, rate: 9000 }] } }),
    );
    const body = expectError(response, 400, 'validation_error');
    expect(body.errors?.['forfait.abatements.0.rate']).toBe(
      'L’abattement doit être compris entre 10 % et 80 % (article L2333-42 du CGCT).',
    );
    expect(body.errors?.['forfait.natures.0']).toMatch(/toujours taxé au réel/);
    expect(await t.database.db.select().from(pricings)).toEqual([]);
  });

  it('keeps the natures au forfait and the abatement once a done declaration was computed with them', async () => {
    const { id } = await created(parisLike({ forfait }));
    await insertDeclaration(t, hostId, { pricingId: id, type: 'HOTEL_3' });
    const refused = expectError(
      await update(
        id,
        parisLike({ forfait: { natures: ['CAMPSITE'], abatements: [{ fromNights: 1, rate: 4000 }] } }),
      ),
      409,
      'pricing_in_use',
    );
    expect(Object.keys(refused.errors ?? {}).sort()).toEqual(['forfait.abatements', 'forfait.natures']);
    // The same settings in another order change nothing and are accepted.
    const reordered = await update(
      id,
      parisLike({ forfait: { ...forfait, natures: ['MARINA', 'CAMPSITE'] } }),
    );
    expect(reordered.statusCode, reordered.body).toBe(200);
  });
});

describe('a body of today', () => {
  it('reads as today, its deliberation the departmental component alone, and is stored as before', async () => {
    const { id } = await created(withRows({ HOTEL_3: { tariff: 170 } }, { departmentalRate: 1500 }));
    const data = await read(id);
    expect(data.departmentalRate).toBe(1500);
    expect(data.rows.HOTEL_3).toEqual({ tariff: 170, departmental: 26, total: 196 });
    expect(data.deliberation.components).toEqual([
      {
        kind: 'DEPARTMENTAL',
        rate: 1500,
        beneficiary: 'Département',
        label: 'Taxe additionnelle départementale',
        legalBasis: 'CGCT, art. L3333-1',
      },
    ]);
    expect(data.deliberation.collectionPeriods).toEqual([{ from: '01-01', to: '12-31' }]);
    expect(data.deliberation.lowRentThreshold).toBeNull();
    expect(Object.keys(await stored(id)).sort()).toEqual([
      'beginDate',
      'departmentalRate',
      'endDate',
      'rows',
      'threshold',
    ]);
  });

  it('turns the departmental component off at a rate of 0', async () => {
    const { id } = await created(withRows({}, { departmentalRate: 0 }));
    const data = await read(id);
    expect(data.deliberation.components).toEqual([]);
    expect(data.deliberation.settings.DEPARTMENTAL.enabled).toBe(false);
  });

  it('stores a deliberation that is today’s pricing as today’s pricing', async () => {
    const { id } = await created({
      ...withRows({}),
      components: { DEPARTMENTAL: component(1000, 'Département') },
    });
    expect(await stored(id)).not.toHaveProperty('components');
    expect((await read(id)).departmentalRate).toBe(1000);
  });
});
