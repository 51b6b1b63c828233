import { beforeAll, describe, expect, it } from 'vitest';
import { preparing } from '../src/db/prepared';
import { useApp } from './fixture';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './helpers/declarations';

/**
 * A host's lists run as named statements prepared once per shape of query (src/db/prepared.ts), an admin's and
 * text searches as unnamed ones: a host's list must answer exactly what an admin's list filtered on that host
 * answers, an admin's exactly what the same list built per call answers, for every shape, and again when the
 * same shape comes back with other values (the statement is then only executed).
 */
const t = useApp();
let scene: DeclarationScene;
let hotelId: number;
const calls = declarationCalls(() => t);

beforeAll(async () => {
  scene = await createDeclarationScene(t);
  const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3', name: 'Hôtel du Lac' });
  const gite = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_1', name: 'Gîte des Prés' });
  // Not yet typed: nothing declared, but listed under `type=unset`.
  await insertEstablishment(t, scene.ids.hostA, { type: null, name: 'Chambres du Moulin' });
  const camping = await insertEstablishment(t, scene.ids.hostB, { type: 'CAMPING_345' });
  hotelId = hotel.id;
  const created = [
    await calls.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 1,
      nightsCount: 10,
    }),
    await calls.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 2,
      nightsCount: 20,
    }),
    await calls.create(scene.tokens.hostA, {
      establishmentId: gite.id,
      year: 2026,
      month: 1,
      nightsCount: 5,
    }),
    await calls.create(scene.tokens.hostB, {
      establishmentId: camping.id,
      year: 2026,
      month: 1,
      nightsCount: 9,
    }),
  ];
  for (const response of created) expect(response.statusCode, response.body).toBe(201);
  const first = created[0]?.json().data.id;
  expect((await calls.done(scene.tokens.hostA, first)).statusCode).toBe(200);
});

async function body(url: string, token: string) {
  const response = await t.call({ method: 'GET', url, token });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

describe("a host's prepared lists", () => {
  it('answer the declarations an admin finds for that host, shape after shape and value after value', async () => {
    const queries = [
      '',
      'year=2026',
      'year=2025',
      'semester=1',
      'semester=2',
      'month=1',
      'month=2',
      'type=HOTEL_3',
      'type=HOTEL_1',
      'done=true',
      'done=false',
      `establishmentId=${hotelId}`,
      'limit=1&offset=0',
      'limit=1&offset=2',
      'sort=totalAmount:desc',
      'sort=establishment:asc,period:desc',
      'year=2026&done=false&sort=nightsCount:asc',
      'year=2026&done=true&sort=nightsCount:asc',
      'total=false',
    ];
    let rows = 0;
    for (const query of queries) {
      const own = await body(`/api/declarations?${query}`, scene.tokens.hostA);
      const admin = await body(`/api/declarations?${query}&userId=${scene.ids.hostA}`, scene.tokens.admin);
      expect(own, query).toEqual(admin);
      rows += own.data.length;
    }
    // The comparison is not between empty answers.
    expect(rows).toBeGreaterThan(queries.length);
  });

  it("answer the establishments an admin finds for that host, and never another host's", async () => {
    for (const query of [
      '',
      'type=HOTEL_3',
      'type=unset',
      'sort=name:desc',
      'limit=1&offset=1',
      'ceased=true',
    ]) {
      const own = await body(`/api/establishments?${query}`, scene.tokens.hostA);
      const admin = await body(`/api/establishments?${query}&userId=${scene.ids.hostA}`, scene.tokens.admin);
      expect(own, query).toEqual(admin);
    }
    const other = await body('/api/establishments', scene.tokens.hostB);
    expect(other.meta.total).toBe(1);
    expect(other.data[0].name).not.toBe('Hôtel du Lac');
  });
});

describe("an admin's lists, prepared without a name", () => {
  it('answer what the same list built per call answers, shape after shape and value after value', async () => {
    const queries = [
      '',
      'year=2026',
      'year=2025',
      'type=HOTEL_3',
      'type=HOTEL_1',
      'type=unset',
      'q=Lac',
      'q=Prés',
      'q=Lac&sort=establishment:desc',
      'q=Prés&sort=establishment:desc',
      'city=Metz',
      'city=Nancy',
      `userId=${scene.ids.hostA}`,
      `userId=${scene.ids.hostB}`,
      'year=2026&type=HOTEL_3&sort=provider:asc&limit=1&offset=1',
      'year=2026&type=HOTEL_1&sort=provider:asc&limit=1&offset=0',
      'sort=totalAmount:asc,provider:asc&limit=2&offset=1',
      'sort=totalAmount:asc,provider:asc&limit=1&offset=0',
    ];
    const url = (query: string) => `/api/declarations?${query}`;
    preparing(t.database.db, false);
    const built = [];
    try {
      for (const query of queries) built.push(await body(url(query), scene.tokens.admin));
    } finally {
      preparing(t.database.db, true);
    }
    const prepared = [];
    for (const query of queries) prepared.push(await body(url(query), scene.tokens.admin));
    expect(prepared).toEqual(built);
    // The comparison is not between empty or identical answers: the values change what is listed.
    expect(built.reduce((rows, answer) => rows + answer.data.length, 0)).toBeGreaterThan(queries.length);
    expect(new Set(built.map((answer) => JSON.stringify(answer.data))).size).toBeGreaterThan(
      queries.length / 3,
    );
  });
});
