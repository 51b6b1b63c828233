import { lawfulPricingPayload } from '@sejour/domain/testing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { declarations, establishments, pricings } from '../src/db/schema';
import { useApp } from './fixture';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './helpers/declarations';
import { expectError } from './helpers/pricings';

const t = useApp();
let scene: DeclarationScene;
const calls = declarationCalls(() => t);

beforeAll(async () => {
  scene = await createDeclarationScene(t);
});

describe('the cap of an unclassified let, through HTTP', () => {
  it('charges the cap when rate × rent ÷ nights exceeds it, to the cent, and the detail says so, done too', async () => {
    const let_ = await insertEstablishment(t, scene.ids.hostA, { type: 'NONE', capacityMaxPerson: 6 });
    const created = await calls.create(scene.tokens.hostA, {
      establishmentId: let_.id,
      year: 2026,
      month: 2,
      // 240 € for 8 person-nights: 5 % × 30 € = 1,50 €, under the cap; 2 of them exempted.
      nightsCountInf: 8,
      prixInf: 24_000,
      nightsCountInfMin: 2,
      prixInfMin: 6_000,
      // 1 000 € for 10 person-nights: 5 % × 100 € = 5,00 €, above the cap (the highest tariff, 3,00 €).
      nightsCountSup: 10,
      prixSup: 100_000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const expected = {
      taxableNights: 16,
      // 6 × 1,50 € + 10 × 3,00 €; departmental 10 %: 6 × 0,15 € + 10 × 0,30 €.
      ccAmount: 900 + 3000,
      moselleAmount: 90 + 300,
      totalAmount: 4290,
      tariffs: {
        cap: 300,
        inf: { cc: 150, moselle: 15, capped: false },
        sup: { cc: 300, moselle: 30, capped: true },
      },
    };
    expect(created.json().data).toMatchObject(expected);
    const id = created.json().data.id as number;
    const done = await calls.done(scene.tokens.hostA, id);
    expect(done.statusCode, done.body).toBe(200);
    const detail = await calls.get(scene.tokens.hostA, id);
    expect(detail.json().data).toMatchObject({ ...expected, done: true });
  });
});

describe('a month split between two pricings', () => {
  it('has no pricing: POST declarations answers no_pricing_for_period naming the month, as docs/features/declarations.md says', async () => {
    for (const period of [
      { beginDate: '2025-01-01', endDate: '2025-07-14' },
      { beginDate: '2025-07-15', endDate: '2025-12-31' },
    ]) {
      const pricing = await t.call({
        method: 'POST',
        url: '/api/pricings',
        payload: lawfulPricingPayload(period) as object,
        token: scene.tokens.admin,
      });
      expect(pricing.statusCode, pricing.body).toBe(201);
    }
    const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_2' });
    const july = expectError(
      await calls.create(scene.tokens.hostA, {
        establishmentId: hotel.id,
        year: 2025,
        month: 7,
        nightsCount: 3,
      }),
      422,
      'no_pricing_for_period',
    );
    expect(july.message).toBe(
      'Aucune grille tarifaire ne couvre tout le mois de juillet 2025 : la déclaration ne peut pas être calculée. Contactez votre collectivité.',
    );
    // The screen asks the pricing in force first: it names the month too.
    const inForce = expectError(
      await t.call({
        method: 'GET',
        url: '/api/pricings/in-force?year=2025&month=7',
        token: scene.tokens.hostA,
      }),
      422,
      'no_pricing_for_period',
    );
    expect(inForce.message).toContain('juillet 2025');
    // The months each table covers whole are declared with it.
    for (const month of [6, 8]) {
      const answer = await calls.create(scene.tokens.hostA, {
        establishmentId: hotel.id,
        year: 2025,
        month,
        nightsCount: 3,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json().data.totalAmount).toBe(3 * 110);
    }
    const rows = await t.database.db
      .select()
      .from(declarations)
      .where(eq(declarations.establishmentId, hotel.id));
    expect(rows.map((r) => r.month).sort()).toEqual([6, 8]);
  });
});

describe('nothing to declare and the platform-only attestation', () => {
  it('answers 404 to “nothing to declare” on another host’s establishment, and writes nothing', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const body = expectError(
      await t.call({
        method: 'POST',
        url: '/api/declarations/nothing',
        payload: { establishmentId: hotel.id, year: 2026, month: 1 },
        token: scene.tokens.hostB,
      }),
      404,
      'not_found',
    );
    expect(body.message).toBe('La ressource demandée est introuvable.');
    const rows = await t.database.db
      .select()
      .from(declarations)
      .where(eq(declarations.establishmentId, hotel.id));
    expect(rows).toEqual([]);
  });

  it('leaves an establishment attested “platforms only” for a year out of that year’s missing months', async () => {
    const attested = await insertEstablishment(t, scene.ids.hostB, { name: 'Attesté 2025' });
    const other = await insertEstablishment(t, scene.ids.hostB, { name: 'Non attesté' });
    const attest = await t.call({
      method: 'POST',
      url: `/api/establishments/${attested.id}/platform-attestation`,
      payload: { year: 2025 },
      token: scene.tokens.hostB,
    });
    expect(attest.statusCode, attest.body).toBe(201);
    const missing = async (year: number) => {
      const response = await t.call({
        method: 'GET',
        url: `/api/declarations/missing?year=${year}&userId=${scene.ids.hostB}&limit=100`,
        token: scene.tokens.admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { establishmentId: number; month: number }[];
    };
    const of = (rows: { establishmentId: number; month: number }[], id: number) =>
      rows.filter((r) => r.establishmentId === id).map((r) => r.month);
    const y2025 = await missing(2025);
    expect(of(y2025, attested.id)).toEqual([]);
    expect(of(y2025, other.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // The attestation is for 2025 only: its January and February 2026 are missing.
    expect(of(await missing(2026), attested.id)).toEqual([1, 2]);
  });

  it('refuses an attestation for a year to come, in French, and accepts the current year', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const url = `/api/establishments/${hotel.id}/platform-attestation`;
    const future = expectError(
      await t.call({ method: 'POST', url, payload: { year: 2027 }, token: scene.tokens.hostA }),
      400,
      'validation_error',
    );
    // The test clock is 15 March 2026.
    expect(future.errors?.year).toBe(
      'L’attestation « plateformes uniquement » porte sur une année écoulée ou en cours (2026 au plus) : une année à venir n’a pas encore été louée.',
    );
    expect(future.message).toBe(future.errors?.year);
    const current = await t.call({ method: 'POST', url, payload: { year: 2026 }, token: scene.tokens.hostA });
    expect(current.statusCode, current.body).toBe(201);
    expect(current.json().data).toMatchObject({ year: 2026, createdAt: expect.any(String) });
  });
});

describe('the list’s filters', () => {
  it('filters on the type the declaration was computed with, and by establishment in list, totals and export', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA, {
      type: 'HOTEL_5',
      name: 'Grand Hôtel Type',
    });
    const created = await calls.create(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month: 1,
      nightsCount: 4,
    });
    const id = created.json().data.id as number;
    await calls.done(scene.tokens.hostA, id);
    // Reclassified afterwards: the done declaration stays a 5★ one.
    await t.database.db
      .update(establishments)
      .set({ type: 'HOTEL_4' })
      .where(eq(establishments.id, hotel.id));
    const ids = async (query: string) => {
      const response = await t.call({
        method: 'GET',
        url: `/api/declarations?${query}`,
        token: scene.tokens.admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((d: { id: number }) => d.id) as number[];
    };
    expect(await ids('type=HOTEL_5')).toContain(id);
    expect(await ids('type=HOTEL_4')).not.toContain(id);
    expect(await ids(`establishmentId=${hotel.id}`)).toEqual([id]);
    const totals = await t.call({
      method: 'GET',
      url: `/api/declarations/totals?establishmentId=${hotel.id}`,
      token: scene.tokens.admin,
    });
    // 4 × (2,50 € + 0,25 €).
    expect(totals.json().data).toMatchObject({ count: 1, totalAmount: 1100 });
    const csv = await t.call({
      method: 'GET',
      url: `/api/declarations/export.csv?establishmentId=${hotel.id}`,
      token: scene.tokens.admin,
    });
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Grand Hôtel Type;Hôtels 5 étoiles et équivalents;Oui');
  });

  it('gives the same totals and CSV for a search, so the screen’s totals match the export', async () => {
    const query = `year=2026&q=${encodeURIComponent('Grand Hôtel')}`;
    const [list, totals, csv] = await Promise.all(
      ['', '/totals', '/export.csv'].map((path) =>
        t.call({ method: 'GET', url: `/api/declarations${path}?${query}`, token: scene.tokens.admin }),
      ),
    );
    expect(list!.json().meta.total).toBe(1);
    const lines = csv!.body.trim().split('\r\n').slice(1);
    const cents = lines.map((line) =>
      Number(
        line
          .match(/;(\d+),(\d{2})$/)!
          .slice(1)
          .join(''),
      ),
    );
    expect(totals!.json().data).toMatchObject({ count: lines.length, totalAmount: 1100 });
    expect(cents.reduce((a, b) => a + b, 0)).toBe(1100);
  });
});

describe('marking done while a pricing is edited', () => {
  it('never lets the pricing edit slip between: the frozen tariff is always the pricing’s', async () => {
    const [pricing] = await t.database.db.select().from(pricings).where(eq(pricings.beginDate, '2026-01-01'));
    const rounds = [
      { type: 'HOTEL_4', tariff: 210 },
      { type: 'HOTEL_3', tariff: 160 },
      { type: 'HOTEL_2', tariff: 90 },
      { type: 'HOTEL_1', tariff: 70 },
      { type: 'CAMPING_345', tariff: 50 },
    ] as const;
    let payload = pricing!.payload;
    for (const { type, tariff } of rounds) {
      const hotel = await insertEstablishment(t, scene.ids.hostA, { type });
      const created = await calls.create(scene.tokens.hostA, {
        establishmentId: hotel.id,
        year: 2026,
        month: 1,
        nightsCount: 1,
      });
      const id = created.json().data.id as number;
      const changed = { ...payload, rows: { ...payload.rows, [type]: { tariff } } };
      const [done, edit] = await Promise.all([
        calls.done(scene.tokens.hostA, id),
        t.call({
          method: 'PUT',
          url: `/api/pricings/${pricing!.id}`,
          payload: changed,
          token: scene.tokens.admin,
        }),
      ]);
      expect(done.statusCode, done.body).toBe(200);
      if (edit.statusCode === 200) payload = changed;
      else expectError(edit, 409, 'pricing_in_use');
      // Either the edit came first and the declaration was computed with it, or the declaration was done
      // first and the edit was refused: never a done declaration whose pricing says otherwise.
      const [stored] = await t.database.db.select().from(pricings).where(eq(pricings.id, pricing!.id));
      expect(done.json().data.tariffs.cc).toBe(stored!.payload.rows[type].tariff);
    }
  });
});
