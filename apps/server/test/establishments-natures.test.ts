import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, establishments } from '../src/db/schema';
import { useApp } from './fixture';
import { createEstablishment, establishmentPayload } from './helpers/establishments';

const t = useApp({ sessions: ['host', 'admin'] });
const admin = () => t.tokens.admin;

function post(payload: Record<string, unknown>, token = admin()) {
  return t.call({ method: 'POST', url: '/api/establishments', token, payload });
}
function put(id: number, payload: Record<string, unknown>, token = admin()) {
  return t.call({ method: 'PUT', url: `/api/establishments/${id}`, token, payload });
}

async function lastChanges(id: number) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, id))
    .orderBy(auditLog.id);
  return rows.filter((r) => r.entity === 'establishment').at(-1)?.changes;
}

describe('an establishment’s nature and classification', () => {
  it('a nature given derives the type, and the answer carries nature, stars, date and label', async () => {
    const response = await post(
      establishmentPayload(t.users.host.id, {
        type: undefined,
        nature: 'FURNISHED_LET',
        stars: 3,
        classifiedOn: '2024-05-02',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      type: 'HOTEL_3',
      nature: 'FURNISHED_LET',
      stars: 3,
      classifiedOn: '2024-05-02',
      natureLabel: 'Meublé de tourisme — 3 étoiles',
    });
  });

  it('derives the law’s rows: holiday village 4★ → HOTEL_2, guest rooms → HOTEL_1, marina → CAMPING_12', async () => {
    for (const [nature, stars, type] of [
      ['HOLIDAY_VILLAGE', 4, 'HOTEL_2'],
      ['GUEST_ROOMS', null, 'HOTEL_1'],
      ['MARINA', null, 'CAMPING_12'],
      ['HOTEL', null, 'NONE'],
    ] as const) {
      const response = await post(establishmentPayload(t.users.host.id, { type: '', nature, stars }));
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ type, nature, stars });
    }
  });

  it('a classification the nature cannot have is refused in French, and nothing is stored', async () => {
    const before = await t.database.db.select().from(establishments);
    const response = await post(
      establishmentPayload(t.users.host.id, { type: '', nature: 'GUEST_ROOMS', stars: 3 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'validation_error',
      errors: {
        stars:
          'Un hébergement de nature « Chambre d’hôtes » n’a pas de classement en étoiles : choisissez « non classé ».',
      },
    });
    const unknown = await post(establishmentPayload(t.users.host.id, { nature: 'CASTLE' }));
    expect(unknown.json().errors).toEqual({
      nature: 'Veuillez choisir une nature d’hébergement dans la liste.',
    });
    const dateAlone = await post(
      establishmentPayload(t.users.host.id, {
        type: '',
        nature: 'HOTEL',
        stars: null,
        classifiedOn: '2024-01-01',
      }),
    );
    expect(dateAlone.json().errors).toEqual({
      classifiedOn: 'Une date de décision de classement ne s’indique que pour un hébergement classé.',
    });
    const starsAlone = await post(establishmentPayload(t.users.host.id, { stars: 3 }));
    expect(starsAlone.json().errors).toEqual({
      stars: 'Veuillez choisir la nature de l’hébergement avant son classement.',
    });
    expect(await t.database.db.select().from(establishments)).toHaveLength(before.length);
  });

  it('a type that contradicts the nature is refused on the type; the same type is accepted', async () => {
    const response = await post(
      establishmentPayload(t.users.host.id, { type: 'HOTEL_2', nature: 'FURNISHED_LET', stars: 3 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      type: '« Meublé de tourisme — 3 étoiles » relève de la ligne « Hôtels 3 étoiles et équivalents » du barème, pas de « Hôtels 2 étoiles et équivalents » : laissez le type vide, il se déduit de la nature et du classement.',
    });
    const same = await post(
      establishmentPayload(t.users.host.id, { type: 'HOTEL_3', nature: 'FURNISHED_LET', stars: 3 }),
    );
    expect(same.statusCode).toBe(201);
  });

  it('a type alone works as before: no nature (to confirm), except palaces', async () => {
    const hotel = await createEstablishment(t, admin(), t.users.host.id, { type: 'HOTEL_3' });
    expect(hotel).toMatchObject({ type: 'HOTEL_3', nature: null, stars: null, natureLabel: null });
    const palace = await createEstablishment(t, admin(), t.users.host.id, { type: 'PALACES' });
    expect(palace).toMatchObject({ type: 'PALACES', nature: 'PALACE', natureLabel: 'Palace' });
    const untyped = await createEstablishment(t, admin(), t.users.host.id, { type: '' });
    expect(untyped).toMatchObject({ type: null, nature: null });
  });

  it('an update without nature keeps the stored one while the type is unchanged; a new type clears it', async () => {
    const typeOnly = establishmentPayload(t.users.host.id);
    const created = (await post({ ...typeOnly, type: '', nature: 'HOTEL', stars: 4 })).json().data;
    const kept = await put(created.id, { ...typeOnly, type: 'HOTEL_4', capacityMaxPerson: 9 });
    expect(kept.json().data).toMatchObject({
      type: 'HOTEL_4',
      nature: 'HOTEL',
      stars: 4,
      capacityMaxPerson: 9,
    });
    const moved = await put(created.id, { ...typeOnly, type: 'HOTEL_2' });
    expect(moved.json().data).toMatchObject({ type: 'HOTEL_2', nature: null, stars: null });
    const nature = await put(created.id, { ...typeOnly, type: '', nature: 'TOURIST_RESIDENCE', stars: 1 });
    expect(nature.json().data).toMatchObject({ type: 'HOTEL_1', nature: 'TOURIST_RESIDENCE', stars: 1 });
  });

  it('is audited with French labels', async () => {
    const created = await createEstablishment(t, admin(), t.users.host.id, { type: 'HOTEL_3' });
    const payload = establishmentPayload(t.users.host.id, { type: '', nature: 'FURNISHED_LET', stars: 3 });
    await put(created.id, { ...payload, numero: created.numero, name: created.name });
    expect(await lastChanges(created.id)).toMatchObject({
      nature: { from: null, to: 'FURNISHED_LET' },
      stars: { from: null, to: 3 },
    });
    const history = await t.call({
      method: 'GET',
      url: `/api/establishments/${created.id}/history`,
      token: admin(),
    });
    expect(JSON.stringify(history.json())).toContain('Meublé de tourisme');
  });

  it('a host may not change the nature or the classification, as the type; sent back unchanged is fine', async () => {
    const old = establishmentPayload(t.users.host.id, { type: 'HOTEL_2' });
    const created = (await post({ ...old, type: '', nature: 'FURNISHED_LET', stars: 2 })).json().data;
    const back = { ...old, nature: 'FURNISHED_LET', stars: 2, description: 'Vue sur le lac.' };
    expect((await put(created.id, back, t.tokens.host)).statusCode).toBe(200);
    expect((await put(created.id, { ...old, description: 'Calme.' }, t.tokens.host)).statusCode).toBe(200);
    const changed = await put(created.id, { ...back, type: 'HOTEL_3', stars: 3 }, t.tokens.host);
    expect(changed.statusCode).toBe(403);
    expect(Object.keys(changed.json().errors).sort()).toEqual(['stars', 'type']);
    const reread = await t.call({ method: 'GET', url: `/api/establishments/${created.id}`, token: admin() });
    expect(reread.json().data).toMatchObject({ type: 'HOTEL_2', stars: 2, description: 'Calme.' });
  });
});

describe('natures to confirm', () => {
  const list = (token = admin(), query = '') =>
    t.call({ method: 'GET', url: `/api/establishments/natures-to-confirm${query}`, token });

  it('lists the typed establishments without a nature, with the readings of their type', async () => {
    const hotel = await createEstablishment(t, admin(), t.users.host.id, {
      type: 'HOTEL_3',
      name: 'Zz à confirmer',
    });
    await createEstablishment(t, admin(), t.users.host.id, { type: 'PALACES' });
    const response = await list(admin(), '?q=Zz%20%C3%A0');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ meta: { total: 1 } });
    expect(response.json().data).toEqual([
      {
        id: hotel.id,
        name: 'Zz à confirmer',
        city: 'Metz',
        type: 'HOTEL_3',
        owner: expect.objectContaining({ id: t.users.host.id }),
        readings: [
          { nature: 'HOTEL', stars: 3, label: 'Hôtel de tourisme — 3 étoiles' },
          { nature: 'TOURIST_RESIDENCE', stars: 3, label: 'Résidence de tourisme — 3 étoiles' },
          { nature: 'FURNISHED_LET', stars: 3, label: 'Meublé de tourisme — 3 étoiles' },
        ],
      },
    ]);
    expect((await list(t.tokens.host)).statusCode).toBe(403);
  });

  it('confirming writes the nature without changing the type; another row is refused', async () => {
    const hotel = await createEstablishment(t, admin(), t.users.host.id, { type: 'HOTEL_3' });
    const confirm = (payload: object) =>
      t.call({ method: 'PUT', url: `/api/establishments/${hotel.id}/nature`, token: admin(), payload });
    const wrong = await confirm({ nature: 'FURNISHED_LET', stars: 2 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.nature).toContain('Hôtels 2 étoiles et équivalents');
    const ok = await confirm({ nature: 'FURNISHED_LET', stars: 3, classifiedOn: '2023-03-01' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      type: 'HOTEL_3',
      nature: 'FURNISHED_LET',
      stars: 3,
      classifiedOn: '2023-03-01',
    });
    expect(await lastChanges(hotel.id)).toMatchObject({ nature: { from: null, to: 'FURNISHED_LET' } });
    const ids = (await list(admin(), '?limit=200')).json().data.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(hotel.id);
    const byHost = await t.call({
      method: 'PUT',
      url: `/api/establishments/${hotel.id}/nature`,
      token: t.tokens.host,
      payload: { nature: 'HOTEL', stars: 3 },
    });
    expect(byHost.statusCode).toBe(403);
  });
});
