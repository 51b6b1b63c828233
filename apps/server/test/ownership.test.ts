import type { ResourceKind } from '@sejour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/auth/actor';
import { filterAccessible, requireAccess } from '../src/auth/ownership';
import { insertOwnedRows } from './helpers/owned-rows';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let hostA: Actor;
let hostB: Actor;
let admin: Actor;
let superadmin: Actor;
let rowsA: Awaited<ReturnType<typeof insertOwnedRows>>;
let rowsB: Awaited<ReturnType<typeof insertOwnedRows>>;
const MISSING = 987654;

beforeAll(async () => {
  t = await createTestApp();
  const actor = async (role: Actor['role']) => {
    const row = await t.createUser({ role });
    return { id: row.id, username: row.username, role };
  };
  hostA = await actor('host');
  hostB = await actor('host');
  admin = await actor('admin');
  superadmin = await actor('superadmin');
  rowsA = await insertOwnedRows(t.database.db, hostA.id);
  rowsB = await insertOwnedRows(t.database.db, hostB.id);
});
afterAll(() => t.close());

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ code: 'not_found', status: 404 });
  return error;
}

describe('requireAccess', () => {
  const kinds: Array<[ResourceKind, (rows: typeof rowsA) => number]> = [
    ['establishment', (rows) => rows.establishment],
    ['declaration', (rows) => rows.declaration],
  ];

  for (const [kind, idOf] of kinds) {
    it(`a host touches their own ${kind}s only; another host's answers like a missing one`, async () => {
      await requireAccess(t.database.db, hostA, kind, [idOf(rowsA)]);
      const foreign = await refusal(requireAccess(t.database.db, hostA, kind, [idOf(rowsB)]));
      const missing = await refusal(requireAccess(t.database.db, hostA, kind, [MISSING]));
      expect(String(foreign)).toBe(String(missing));
      // One foreign id among own ones refuses the whole request.
      await refusal(requireAccess(t.database.db, hostA, kind, [idOf(rowsA), idOf(rowsB)]));
    });

    it(`admins touch every existing ${kind}, and not a missing one`, async () => {
      await requireAccess(t.database.db, admin, kind, [idOf(rowsA), idOf(rowsB)]);
      await requireAccess(t.database.db, superadmin, kind, [idOf(rowsB)]);
      await refusal(requireAccess(t.database.db, admin, kind, [MISSING]));
    });
  }

  it('a host is only their own user; admins any existing user', async () => {
    await requireAccess(t.database.db, hostA, 'user', [hostA.id]);
    await refusal(requireAccess(t.database.db, hostA, 'user', [hostB.id]));
    await requireAccess(t.database.db, admin, 'user', [hostA.id, hostB.id, superadmin.id]);
    await refusal(requireAccess(t.database.db, admin, 'user', [MISSING]));
  });

  it('kind admin: the administrators’ rows, to admins only', async () => {
    await requireAccess(t.database.db, admin, 'admin', [admin.id, superadmin.id]);
    await refusal(requireAccess(t.database.db, admin, 'admin', [hostA.id]));
    await refusal(requireAccess(t.database.db, hostA, 'admin', [admin.id]));
  });

  it('an empty list of ids is refused (fail closed)', async () => {
    await refusal(requireAccess(t.database.db, admin, 'user', []));
  });
});

describe('filterAccessible', () => {
  it('answers in one set which ids a host may touch', async () => {
    const ids = [rowsA.establishment, rowsB.establishment, MISSING];
    expect([...(await filterAccessible(t.database.db, hostA, 'establishment', ids))]).toEqual([
      rowsA.establishment,
    ]);
    expect(new Set(await filterAccessible(t.database.db, admin, 'establishment', ids))).toEqual(
      new Set([rowsA.establishment, rowsB.establishment]),
    );
  });
});
