import { RESOURCE_KINDS, type ResourceKind } from '@sejour/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/auth/actor';
import { filterAccessible, requireAccess } from '../src/auth/ownership';
import { useApp } from './fixture';
import { insertOwnedRows } from './helpers/owned-rows';

const t = useApp();
let hostA: Actor;
let hostB: Actor;
let admin: Actor;
let superadmin: Actor;
let rowsA: Awaited<ReturnType<typeof insertOwnedRows>>;
let rowsB: Awaited<ReturnType<typeof insertOwnedRows>>;
const MISSING = 987654;

beforeAll(async () => {
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

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ code: 'not_found', status: 404 });
  return error;
}

/**
 * The row a host owns of each kind (of `user`: their own account). `admin` is tested on its own below: a host
 * owns none. A kind added to RESOURCE_KINDS without a line here fails the first test.
 */
const hostOwned: Record<Exclude<ResourceKind, 'admin'>, (rows: typeof rowsA, host: Actor) => number> = {
  user: (_rows, host) => host.id,
  establishment: (rows) => rows.establishment,
  declaration: (rows) => rows.declaration,
  stay: (rows) => rows.stay,
  change_request: (rows) => rows.change_request,
};

describe('requireAccess', () => {
  it('covers every kind the ownership check knows', () => {
    expect([...Object.keys(hostOwned), 'admin'].sort()).toEqual([...RESOURCE_KINDS].sort());
  });

  for (const [kind, idOf] of Object.entries(hostOwned) as Array<[ResourceKind, (typeof hostOwned)['user']]>) {
    const ofA = () => idOf(rowsA, hostA);
    const ofB = () => idOf(rowsB, hostB);

    it(`a host touches their own ${kind}s only; another host's answers like a missing one`, async () => {
      await requireAccess(t.database.db, hostA, kind, [ofA()]);
      const foreign = await refusal(requireAccess(t.database.db, hostA, kind, [ofB()]));
      const missing = await refusal(requireAccess(t.database.db, hostA, kind, [MISSING]));
      expect(String(foreign)).toBe(String(missing));
      // One foreign id among own ones refuses the whole request.
      await refusal(requireAccess(t.database.db, hostA, kind, [ofA(), ofB()]));
    });

    it(`admins touch every existing ${kind}, and not a missing one`, async () => {
      await requireAccess(t.database.db, admin, kind, [ofA(), ofB()]);
      await requireAccess(t.database.db, superadmin, kind, [ofB()]);
      await refusal(requireAccess(t.database.db, admin, kind, [MISSING]));
    });
  }

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
