import { DECLARATION_SORT_FIELDS, declarationListQuerySchema } from '@sejour/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDeclarationLists } from '../src/declarations/list';
import { createOffloadPool } from '../src/offload/pool';
import { useApp } from './fixture';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './helpers/declarations';

const t = useApp();
let scene: DeclarationScene;
const calls = declarationCalls(() => t);

/** Host A: a 3★ hotel in Metz (Jan done, Feb draft); host B: a campsite in Thionville (Jan done). */
beforeAll(async () => {
  scene = await createDeclarationScene(t);
  const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3', name: '=Hôtel du Lac' });
  const camping = await insertEstablishment(t, scene.ids.hostB, {
    type: 'CAMPING_345',
    name: 'Zénith Camping',
  });
  await t.database.db.execute(
    (await import('drizzle-orm'))
      .sql`update establishments set city = 'Thionville', cp = '57100' where id = ${camping.id}`,
  );
  const jan = await calls.create(scene.tokens.hostA, {
    establishmentId: hotel.id,
    year: 2026,
    month: 1,
    nightsCount: 10,
    platformNightsCount: 4,
  });
  await calls.done(scene.tokens.hostA, jan.json().data.id);
  await calls.create(scene.tokens.hostA, {
    establishmentId: hotel.id,
    year: 2026,
    month: 2,
    nightsCount: 20,
    exemptedCount: 2,
  });
  const campJan = await calls.create(scene.tokens.hostB, {
    establishmentId: camping.id,
    year: 2026,
    month: 1,
    nightsCount: 100,
  });
  await calls.done(scene.tokens.hostB, campJan.json().data.id);
});

function list(query: string, token = scene.tokens.admin) {
  return t.call({ method: 'GET', url: `/api/declarations?${query}`, token });
}

describe('the declarations list', () => {
  it('filters on the server, pages, and tells the total', async () => {
    const all = await list('year=2026');
    expect(all.json().meta).toEqual({ total: 3, limit: 10, offset: 0 });
    expect((await list('year=2026&done=true')).json().meta.total).toBe(2);
    expect((await list('month=2')).json().meta.total).toBe(1);
    expect(
      (await list('type=CAMPING_345'))
        .json()
        .data.map((d: { establishmentName: string }) => d.establishmentName),
    ).toEqual(['Zénith Camping']);
    expect((await list('city=thionville')).json().meta.total).toBe(1);
    expect((await list(`userId=${scene.ids.hostA}`)).json().meta.total).toBe(2);
    expect((await list('semester=2')).json().meta.total).toBe(0);
    const page = await list('limit=1&offset=1&sort=totalAmount:desc');
    expect(page.json().meta).toEqual({ total: 3, limit: 1, offset: 1 });
    expect(page.json().data[0]).toMatchObject({ month: 2, totalAmount: 2970 });
  });

  it('answers the page alone, without counting, when asked total=false', async () => {
    const counted = await list('limit=1&offset=1&sort=totalAmount:desc');
    const page = await list('limit=1&offset=1&sort=totalAmount:desc&total=false');
    expect(page.json().meta).toEqual({ total: null, limit: 1, offset: 1 });
    expect(page.json().data).toEqual(counted.json().data);
    expect((await list('total=maybe')).statusCode).toBe(400);
  });

  it('sorts on two keys', async () => {
    const sorted = await list('sort=establishment:asc,period:desc');
    expect(
      sorted
        .json()
        .data.map((d: { establishmentName: string; month: number }) => `${d.establishmentName} ${d.month}`),
    ).toEqual(['=Hôtel du Lac 2', '=Hôtel du Lac 1', 'Zénith Camping 1']);
  });

  it('sorts on every allowed field both ways, each time the same rows, a descending sort the reverse', async () => {
    const ids = (response: { json(): { data: { id: number }[] } }) => response.json().data.map((d) => d.id);
    const all = ids(await list('year=2026')).sort();
    for (const field of DECLARATION_SORT_FIELDS) {
      const ascending = await list(`year=2026&sort=${field}:asc`);
      const descending = await list(`year=2026&sort=${field}:desc`);
      expect(ascending.statusCode, `${field}: ${ascending.body}`).toBe(200);
      expect([...ids(ascending)].sort()).toEqual(all);
      // The tie-breakers follow the sort's direction, so even rows equal on the key come back reversed.
      expect(ids(descending)).toEqual([...ids(ascending)].reverse());
    }
  });

  it('refuses an unknown filter value in French', async () => {
    const refused = await list('sort=password:asc');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_error' });
  });

  it('totals the whole filtered set, platform nights apart and never charged', async () => {
    const totals = await t.call({
      method: 'GET',
      url: '/api/declarations/totals?year=2026',
      token: scene.tokens.admin,
    });
    // Jan: 10 × 1,65 € = 16,50 €; Feb: 18 × 1,65 € = 29,70 €; campsite: 100 × (0,60 + 0,06) = 66,00 €.
    expect(totals.json().data).toEqual({
      count: 3,
      nightsCount: 130,
      taxableNights: 128,
      platformNightsCount: 4,
      ccAmount: 1500 + 2700 + 6000,
      moselleAmount: 150 + 270 + 600,
      totalAmount: 1650 + 2970 + 6600,
    });
    const hostTotals = await t.call({
      method: 'GET',
      url: '/api/declarations/totals',
      token: scene.tokens.hostB,
    });
    expect(hostTotals.json().data).toMatchObject({ count: 1, totalAmount: 6600 });
  });
});

describe('the CSV export', () => {
  it('streams the whole filtered set with a BOM, French columns and neutralised formulas', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/declarations/export.csv?year=2026&limit=1',
      token: scene.tokens.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const text = response.body;
    expect(text.startsWith('\uFEFFAnnée;Mois;Hébergeur;Établissement;Catégorie;Terminée;')).toBe(true);
    const lines = text.trim().split('\r\n');
    // The page size does not limit an export: a header and the three declarations.
    expect(lines).toHaveLength(4);
    expect(text).toContain("'=Hôtel du Lac");
    expect(lines[1]).toMatch(
      /^2026;janvier;user\w+;'=Hôtel du Lac;Hôtels 3 étoiles et équivalents;Oui;Au réel;;;;0;10;0;10;4;15,00;1,50;16,50$/,
    );
  });

  it('reads batch after batch without losing or repeating a row at the boundaries', async () => {
    const offload = createOffloadPool(1);
    const lists = createDeclarationLists(t.database.db, () => t.clock.now(), offload, 1000);
    const all = { ...declarationListQuerySchema.parse({}) };
    const whole = async (batchSize: number) => {
      let text = '';
      for await (const chunk of lists.csv(
        { id: scene.ids.admin, username: 'admin', role: 'admin' },
        all,
        batchSize,
      ))
        text += chunk;
      return text;
    };
    try {
      const inOneBatch = await whole(1000);
      expect(inOneBatch.trim().split('\r\n')).toHaveLength(4);
      // Batches of one and two rows: every boundary, and a last batch that is exactly full.
      expect(await whole(1)).toBe(inOneBatch);
      expect(await whole(2)).toBe(inOneBatch);
      expect(await whole(3)).toBe(inOneBatch);
    } finally {
      await offload.close();
    }
  });

  it('gives a host only their own rows', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/declarations/export.csv',
      token: scene.tokens.hostB,
    });
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Zénith Camping');
  });
});

describe('the missing declarations', () => {
  it('lists establishments × past months with nothing declared, to admins only', async () => {
    // The clock is 15 March 2026: January and February are past; March, the current month, is not late yet.
    const response = await t.call({
      method: 'GET',
      url: '/api/declarations/missing?year=2026',
      token: scene.tokens.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response
      .json()
      .data.map((r: { establishmentName: string; month: number }) => `${r.establishmentName} ${r.month}`);
    expect(rows).toEqual(['Zénith Camping 2']);
    expect(response.json().meta.total).toBe(1);
    const semester2 = await t.call({
      method: 'GET',
      url: '/api/declarations/missing?year=2026&semester=2',
      token: scene.tokens.admin,
    });
    expect(semester2.json().data).toEqual([]);
    const host = await t.call({
      method: 'GET',
      url: '/api/declarations/missing?year=2026',
      token: scene.tokens.hostA,
    });
    expect(host.statusCode).toBe(403);
  });
});

describe('the list’s copies of the type and the provider’s name', () => {
  const names = (response: { json(): { data: { establishmentName: string }[] } }) =>
    response.json().data.map((d) => d.establishmentName);

  it('follow a provider renamed, an establishment handed to another host, a type changed', async () => {
    const admin = scene.tokens.admin;
    const user = await t.call({ method: 'GET', url: `/api/users/${scene.ids.hostB}`, token: admin });
    const renamed = await t.call({
      method: 'PUT',
      url: `/api/users/${scene.ids.hostB}`,
      token: admin,
      payload: { ...user.json().data, firstname: 'Zoé', lastname: 'Martin', company: 'Aaa Campings' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(names(await list('sort=provider:asc&limit=1'))).toEqual(['Zénith Camping']);
    expect(names(await list('q=aaa campings'))).toEqual(['Zénith Camping']);

    const declaration = (await list('type=CAMPING_345')).json().data[0] as {
      id: number;
      establishmentId: number;
    };
    const detail = await t.call({
      method: 'GET',
      url: `/api/establishments/${declaration.establishmentId}`,
      token: admin,
    });
    const moved = await t.call({
      method: 'PUT',
      url: `/api/establishments/${declaration.establishmentId}`,
      token: admin,
      payload: { ...detail.json().data, userId: scene.ids.hostA },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await list(`userId=${scene.ids.hostA}&sort=provider:asc`)).json().meta.total).toBe(3);
    expect(names(await list('sort=provider:desc&limit=1'))).not.toEqual(['Aaa Campings']);
    expect(names(await list('q=aaa campings'))).toEqual([]);

    // A declaration that keeps no tariffs copy shows, filters and sorts on its establishment's current type.
    await t.database.db.execute(sql`update declarations set tariffs = null where id = ${declaration.id}`);
    const retyped = await t.call({
      method: 'PUT',
      url: `/api/establishments/${declaration.establishmentId}`,
      token: admin,
      payload: { ...detail.json().data, userId: scene.ids.hostA, type: 'CAMPING_12' },
    });
    expect(retyped.statusCode, retyped.body).toBe(200);
    expect(names(await list('type=CAMPING_12'))).toEqual(['Zénith Camping']);
    expect((await list('type=CAMPING_345')).json().meta.total).toBe(0);
  });
});
