import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { declarations, stays as registerStays } from '../src/db/schema';
import { useApp } from './fixture';
import { createEstablishment, establishmentPayload } from './helpers/establishments';
import { TEST_PASSWORD } from './helpers/test-app';

const t = useApp({ sessions: ['host', 'otherHost', 'admin', 'superadmin'] });

const admin = () => t.tokens.admin;

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
