import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  declarationFiles,
  declarations,
  establishmentImages,
  establishments,
  platformAttestations,
} from '../src/db/schema';
import { useApp } from './fixture';
import { createEstablishment } from './helpers/establishments';

const t = useApp({ sessions: ['host', 'otherHost', 'admin', 'superadmin'] });

const admin = () => t.tokens.admin;

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
