import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  declarationFiles,
  declarations,
  establishmentImages,
  establishments,
  platformAttestations,
  stays as registerStays,
} from '../src/db/schema';
import { useApp } from './fixture';
import { createEstablishment, establishmentPayload } from './helpers/establishments';
import { TEST_PASSWORD } from './helpers/test-app';

const t = useApp({ sessions: ['host', 'otherHost', 'admin', 'superadmin'] });

const admin = () => t.tokens.admin;

function post(payload: Record<string, unknown>, token = admin()) {
  return t.call({ method: 'POST', url: '/api/establishments', token, payload });
}

describe('creating an establishment', () => {
  it('an admin creates one for a provider; the number is stored upper-case', async () => {
    const response = await post(establishmentPayload(t.users.host.id, { numero: '57463000777ab' }));
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      userId: t.users.host.id,
      owner: { id: t.users.host.id },
      numero: '57463000777AB',
      type: 'HOTEL_3',
      image: null,
      declarationCount: 0,
    });
  });

  it('answers French messages on the right fields', async () => {
    const response = await post({
      name: '',
      capacityMaxRoom: -2,
      capacityMaxPerson: 1.5,
      cp: '570',
      type: 'CASTLE',
      numero: '123',
      userId: t.users.host.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      errors: {
        name: 'Veuillez compléter ce champ.',
        capacityMaxRoom: 'Veuillez sélectionner une valeur supérieure ou égale à 0.',
        capacityMaxPerson: 'Veuillez saisir un nombre entier.',
        cp: 'Le code postal doit comporter 5 chiffres.',
        type: 'Veuillez choisir un type dans la liste.',
        numero: 'Le numéro d’enregistrement comporte 13 caractères (vous en utilisez actuellement 3).',
      },
    });
  });

  it('empty type, capacities and number mean "not specified"', async () => {
    const response = await post(
      establishmentPayload(t.users.host.id, { type: '', numero: '', capacityMaxRoom: '', cp: '' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ type: null, numero: null, capacityMaxRoom: null, cp: null });
  });

  it('the owner must be a provider', async () => {
    for (const userId of [t.users.admin.id, 987654]) {
      const response = await post(establishmentPayload(userId));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ userId: 'Veuillez choisir un hébergeur.' });
    }
  });

  it('a host may not create one', async () => {
    expect((await post(establishmentPayload(t.users.host.id), t.tokens.host)).statusCode).toBe(403);
  });
});

describe('registration number', () => {
  it.each([
    ['Corsica 2A', '2A004123456X1'],
    ['Corsica 2B', '2b033123456zz'],
  ])('%s is accepted', async (_name, numero) => {
    const response = await post(establishmentPayload(t.users.host.id, { numero }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.numero).toBe(numero.toUpperCase());
  });

  it.each([
    ['too short', '5746300012AB', /actuellement 12/],
    ['too long', '57463000123ABC', /actuellement 14/],
    ['a bad INSEE code', '2C004123456X1', /code INSEE/],
  ])('%s is refused', async (_name, numero, message) => {
    const response = await post(establishmentPayload(t.users.host.id, { numero }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.numero).toMatch(message);
  });

  it('is unique whatever its case, on creation and on change', async () => {
    await createEstablishment(t, admin(), t.users.host.id, { numero: '57000111222CD' });
    const duplicate = await post(establishmentPayload(t.users.otherHost.id, { numero: '57000111222cd' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'numero_taken',
      errors: { numero: 'Ce numéro d’enregistrement est déjà celui d’un autre établissement.' },
    });
    const other = await createEstablishment(t, admin(), t.users.otherHost.id);
    const change = await t.call({
      method: 'PUT',
      url: `/api/establishments/${other.id}`,
      token: admin(),
      payload: { ...establishmentPayload(t.users.otherHost.id), numero: '57000111222cd' },
    });
    expect(change.json().code).toBe('numero_taken');
    // Keeping its own number is no conflict.
    const same = await t.call({
      method: 'PUT',
      url: `/api/establishments/${other.id}`,
      token: admin(),
      payload: { ...establishmentPayload(t.users.otherHost.id), numero: other.numero?.toLowerCase() },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('what a host may change', () => {
  it('the description only; any other field is refused and nothing changes', async () => {
    const created = await createEstablishment(t, admin(), t.users.host.id);
    const { id, owner, image, createDate, declarationCount, ...fields } = created;
    const asHost = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: `/api/establishments/${id}`, token: t.tokens.host, payload });

    const ok = await asHost({ ...fields, description: 'Vue sur le lac, au calme.' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.description).toBe('Vue sur le lac, au calme.');

    const refused = await asHost({ ...fields, name: 'Château', capacityMaxPerson: 60, description: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'forbidden',
      errors: {
        name: 'Seul un administrateur peut modifier ce champ.',
        capacityMaxPerson: 'Seul un administrateur peut modifier ce champ.',
      },
    });
    expect(Object.keys(refused.json().errors)).toEqual(['name', 'capacityMaxPerson']);
    const after = await t.call({
      method: 'GET',
      url: `/api/establishments/${id}`,
      token: t.tokens.host,
    });
    expect(after.json().data).toMatchObject({ name: created.name, description: 'Vue sur le lac, au calme.' });

    for (const change of [{ userId: t.users.otherHost.id }, { type: 'PALACES' }, { numero: null }]) {
      expect((await asHost({ ...fields, ...change })).statusCode).toBe(403);
    }
  });

  it('an admin changes everything, the owner included', async () => {
    const created = await createEstablishment(t, admin(), t.users.host.id);
    const response = await t.call({
      method: 'PUT',
      url: `/api/establishments/${created.id}`,
      token: admin(),
      payload: establishmentPayload(t.users.otherHost.id, { name: 'Camping des Pins', type: 'CAMPING_12' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ userId: t.users.otherHost.id, name: 'Camping des Pins' });
  });

  it('a new owner takes the declarations and the register with the establishment; the former owner loses them', async () => {
    const formerOwner = await t.createUser({ role: 'host' });
    const newOwner = await t.createUser({ role: 'host' });
    const tokens = {
      former: await t.login(formerOwner.username, TEST_PASSWORD),
      next: await t.login(newOwner.username, TEST_PASSWORD),
    };
    const moved = await createEstablishment(t, admin(), formerOwner.id);
    const stays = await createEstablishment(t, admin(), formerOwner.id);
    const declarationOf = async (establishmentId: number, month: number) => {
      const [row] = await t.database.db
        .insert(declarations)
        .values({ establishmentId, userId: formerOwner.id, year: 2026, month })
        .returning({ id: declarations.id });
      if (!row) throw new Error('seed failed');
      return row.id;
    };
    const movedDeclaration = await declarationOf(moved.id, 1);
    const keptDeclaration = await declarationOf(stays.id, 1);
    const [movedStay] = await t.database.db
      .insert(registerStays)
      .values({
        establishmentId: moved.id,
        userId: formerOwner.id,
        arrival: '2026-02-10',
        departure: '2026-02-12',
        persons: 2,
        price: 20_000,
      })
      .returning({ id: registerStays.id });
    const { id, owner, image, createDate, declarationCount, ...fields } = moved;

    const response = await t.call({
      method: 'PUT',
      url: `/api/establishments/${id}`,
      token: admin(),
      payload: { ...fields, userId: newOwner.id },
    });
    expect(response.statusCode).toBe(200);

    const getDeclaration = (token: string, declarationId: number) =>
      t.call({ method: 'GET', url: `/api/declarations/${declarationId}`, token });
    expect((await getDeclaration(tokens.former, movedDeclaration)).statusCode).toBe(404);
    expect((await getDeclaration(tokens.next, movedDeclaration)).statusCode).toBe(200);
    expect((await getDeclaration(tokens.former, keptDeclaration)).statusCode).toBe(200);
    const listed = async (query: string, token: string) => {
      const list = await t.call({ method: 'GET', url: `/api/declarations?${query}`, token });
      expect(list.statusCode).toBe(200);
      return list.json().data.map((row: { id: number }) => row.id);
    };
    expect(await listed('year=2026', tokens.former)).toEqual([keptDeclaration]);
    expect(await listed('year=2026', tokens.next)).toEqual([movedDeclaration]);
    expect(await listed(`userId=${newOwner.id}`, admin())).toEqual([movedDeclaration]);
    expect(await listed(`userId=${formerOwner.id}`, admin())).toEqual([keptDeclaration]);
    const editStay = (token: string) =>
      t.call({
        method: 'PUT',
        url: `/api/stays/${movedStay?.id}`,
        token,
        payload: { arrival: '2026-02-10', departure: '2026-02-13', persons: 2, price: 20_000 },
      });
    expect((await editStay(tokens.former)).statusCode).toBe(404);
    expect((await editStay(tokens.next)).statusCode).toBe(200);
  });
});

describe('lists', () => {
  it('a host sees only their own; an admin filters by provider, type, city, postal code and number', async () => {
    const lister = await t.createUser({ role: 'host' });
    const a = await createEstablishment(t, admin(), lister.id, {
      name: 'Alpha',
      type: null,
      city: 'Nancy',
      cp: '54000',
    });
    const b = await createEstablishment(t, admin(), lister.id, {
      name: 'Beta',
      type: 'PALACES',
      numero: null,
    });
    const list = async (query: string, token = admin()) => {
      const response = await t.call({ method: 'GET', url: `/api/establishments?${query}`, token });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

    const mine = await list('limit=500', t.tokens.otherHost);
    expect(mine.data.every((row: { userId: number }) => row.userId === t.users.otherHost.id)).toBe(true);

    expect(ids(await list(`userId=${lister.id}&sort=name:desc`))).toEqual([b.id, a.id]);
    expect(ids(await list(`userId=${lister.id}&type=unset`))).toEqual([a.id]);
    expect(ids(await list(`userId=${lister.id}&type=PALACES`))).toEqual([b.id]);
    expect(ids(await list(`userId=${lister.id}&city=nan`))).toEqual([a.id]);
    expect(ids(await list(`userId=${lister.id}&cp=54`))).toEqual([a.id]);
    expect(ids(await list(`userId=${lister.id}&hasNumero=false`))).toEqual([b.id]);
    expect(ids(await list(`userId=${lister.id}&hasNumero=true`))).toEqual([a.id]);
    expect(ids(await list(`q=${lister.username}`))).toEqual([a.id, b.id]);
    const paged = await list(`userId=${lister.id}&limit=1&offset=1`);
    expect(paged.meta).toEqual({ total: 2, limit: 1, offset: 1 });
    expect(ids(paged)).toEqual([b.id]);
    const uncounted = await list(`userId=${lister.id}&limit=1&offset=1&total=false`);
    expect(uncounted.meta).toEqual({ total: null, limit: 1, offset: 1 });
    expect(ids(uncounted)).toEqual([b.id]);
    expect(
      (await t.call({ method: 'GET', url: '/api/establishments?sort=secret', token: admin() })).statusCode,
    ).toBe(400);
  });
});

describe('deleting', () => {
  async function seedDeclarations(establishmentId: number, userId: number, count: number) {
    const db = t.database.db;
    for (let month = 1; month <= count; month++) {
      const [row] = await db
        .insert(declarations)
        .values({ establishmentId, userId, year: 2026, month })
        .returning({ id: declarations.id });
      if (!row) throw new Error('seed failed');
      await db.insert(declarationFiles).values({
        declarationId: row.id,
        filename: 'r.pdf',
        mimeType: 'application/pdf',
        size: 1,
        data: Buffer.from([1]),
      });
    }
  }

  it('counts the declarations that go with it, then removes them, their files, the attestations and the image', async () => {
    const created = await createEstablishment(t, admin(), t.users.host.id);
    const kept = await createEstablishment(t, admin(), t.users.host.id);
    await seedDeclarations(created.id, t.users.host.id, 3);
    await seedDeclarations(kept.id, t.users.host.id, 1);
    await t.database.db.insert(establishmentImages).values({
      establishmentId: created.id,
      filename: 'a.webp',
      mimeType: 'image/webp',
      size: 1,
      data: Buffer.from([1]),
      thumbnail: Buffer.from([1]),
    });
    await t.database.db.insert(platformAttestations).values([
      { establishmentId: created.id, year: 2026 },
      { establishmentId: kept.id, year: 2026 },
    ]);
    const detail = await t.call({ method: 'GET', url: `/api/establishments/${created.id}`, token: admin() });
    expect(detail.json().data.declarationCount).toBe(3);

    const removed = await t.call({
      method: 'DELETE',
      url: `/api/establishments/${created.id}`,
      token: admin(),
    });
    expect(removed.statusCode).toBe(200);
    const db = t.database.db;
    expect(await db.select().from(establishments).where(eq(establishments.id, created.id))).toEqual([]);
    expect(await db.select().from(declarations).where(eq(declarations.establishmentId, created.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(establishmentImages).where(eq(establishmentImages.establishmentId, created.id)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(platformAttestations)
        .where(eq(platformAttestations.establishmentId, created.id)),
    ).toEqual([]);
    expect(
      await db.select().from(platformAttestations).where(eq(platformAttestations.establishmentId, kept.id)),
    ).toHaveLength(1);
    const orphanFiles = await db
      .select({ id: declarationFiles.declarationId })
      .from(declarationFiles)
      .leftJoin(declarations, eq(declarations.id, declarationFiles.declarationId))
      .where(eq(declarations.establishmentId, kept.id));
    expect(orphanFiles).toHaveLength(1);
    const allFiles = await db.select({ id: declarationFiles.declarationId }).from(declarationFiles);
    const allDeclarations = new Set(
      (await db.select({ id: declarations.id }).from(declarations)).map((r) => r.id),
    );
    expect(allFiles.every((file) => allDeclarations.has(file.id))).toBe(true);

    const again = await t.call({
      method: 'DELETE',
      url: `/api/establishments/${created.id}`,
      token: admin(),
    });
    expect(again.statusCode).toBe(404);
  });

  it('a host may not delete, even their own', async () => {
    const created = await createEstablishment(t, admin(), t.users.host.id);
    const response = await t.call({
      method: 'DELETE',
      url: `/api/establishments/${created.id}`,
      token: t.tokens.host,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('changing the type', () => {
  it('leaves a done declaration as it was computed', async () => {
    const created = await createEstablishment(t, admin(), t.users.host.id, { type: 'HOTEL_3' });
    const tariffs = { pricingId: 1, type: 'HOTEL_3' as const, tariffs: { cc: 150, moselle: 15 } };
    const [declaration] = await t.database.db
      .insert(declarations)
      .values({
        establishmentId: created.id,
        userId: t.users.host.id,
        year: 2026,
        month: 2,
        done: true,
        doneAt: new Date(),
        nightsCount: 10,
        ccAmount: 1500,
        totalAmount: 1650,
        tariffs: tariffs as never,
      })
      .returning();
    const { id, owner, image, createDate, declarationCount, ...fields } = created;
    const response = await t.call({
      method: 'PUT',
      url: `/api/establishments/${id}`,
      token: admin(),
      payload: { ...fields, type: 'PALACES' },
    });
    expect(response.json().data.type).toBe('PALACES');
    const [after] = await t.database.db
      .select()
      .from(declarations)
      .where(eq(declarations.id, declaration?.id ?? 0));
    expect(after).toEqual(declaration);
  });
});
