import {
  AUDIT_ENTITIES,
  type AuditEntity,
  auditEntityLabels,
  isoDateIn,
  LEGAL_BOUNDS,
  RESOURCE_KINDS,
  type ResourceKind,
} from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, declarations } from '../src/db/schema';
import { useApp } from './fixture';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './helpers/declarations';
import { establishmentPayload } from './helpers/establishments';
import { providerPayload } from './helpers/people';
import { TEST_PASSWORD } from './helpers/test-app';

const t = useApp();
let scene: DeclarationScene;
let superToken: string;
const calls = declarationCalls(() => t);

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

beforeAll(async () => {
  scene = await createDeclarationScene(t);
  const superadmin = await t.createUser({ role: 'superadmin' });
  superToken = await t.login(superadmin.username, TEST_PASSWORD);
});

async function lastId(): Promise<number> {
  const [row] = await t.database.db
    .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` })
    .from(auditLog);
  return Number(row?.id ?? 0);
}

/** The entries written since `since`, oldest first. */
async function entriesSince(since: number) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${since}`)
    .orderBy(auditLog.id);
  return rows;
}

/** Runs `work` and answers the one entry it wrote (fails when it wrote none or several). */
async function oneEntry(work: () => Promise<unknown>) {
  const since = await lastId();
  await work();
  const rows = await entriesSince(since);
  expect(rows, JSON.stringify(rows)).toHaveLength(1);
  return rows[0]!;
}

async function noEntry(work: () => Promise<unknown>) {
  const since = await lastId();
  await work();
  expect(await entriesSince(since)).toEqual([]);
}

function ok(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body).data;
}

const admin = () => scene.tokens.admin;

const stayCalls = {
  create: (token: string, establishmentId: number, payload: object) =>
    t.call({ method: 'POST', url: `/api/establishments/${establishmentId}/stays`, payload, token }),
  update: (token: string, id: number, payload: object) =>
    t.call({ method: 'PUT', url: `/api/stays/${id}`, payload, token }),
  remove: (token: string, id: number) => t.call({ method: 'DELETE', url: `/api/stays/${id}`, token }),
  import: (token: string, establishmentId: number, payload: object) =>
    t.call({ method: 'POST', url: `/api/establishments/${establishmentId}/stays/import`, payload, token }),
};

const juneStay = { arrival: '2026-06-10', departure: '2026-06-13', persons: 2, price: 30_000 };

describe('every change writes exactly one entry, with who, where and before → after', () => {
  it('providers: create, update, archive, restore, delete — never a password hash or token', async () => {
    let id = 0;
    const created = await oneEntry(async () => {
      id = ok(
        await t.call({
          method: 'POST',
          url: '/api/users',
          token: admin(),
          payload: providerPayload({ city: 'Metz' }),
        }),
        201,
      ).id;
    });
    expect(created).toMatchObject({
      action: 'create',
      entity: 'provider',
      entityId: id,
      actorId: scene.ids.admin,
      actorRole: 'admin',
      ip: '127.0.0.1',
    });
    expect(created.changes.city).toEqual({ from: null, to: 'Metz' });
    const current = ok(await t.call({ method: 'GET', url: `/api/users/${id}`, token: admin() }));
    const updated = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'PUT',
          url: `/api/users/${id}`,
          token: admin(),
          payload: { ...providerPayload(), username: current.username, email: current.email, city: 'Nancy' },
        }),
      ),
    );
    expect(updated).toMatchObject({ action: 'update', entity: 'provider', entityId: id });
    expect(updated.changes.city).toEqual({ from: 'Metz', to: 'Nancy' });
    const archived = await oneEntry(async () =>
      ok(await t.call({ method: 'POST', url: `/api/users/${id}/archive`, token: admin(), payload: {} })),
    );
    expect(archived).toMatchObject({ action: 'archive', changes: { archived: { from: false, to: true } } });
    const restored = await oneEntry(async () =>
      ok(await t.call({ method: 'POST', url: `/api/users/${id}/restore`, token: admin(), payload: {} })),
    );
    expect(restored.action).toBe('restore');
    const deleted = await oneEntry(async () =>
      ok(await t.call({ method: 'DELETE', url: `/api/users/${id}`, token: admin() })),
    );
    expect(deleted).toMatchObject({ action: 'delete', entityLabel: current.username });
    expect(deleted.changes.username).toEqual({ from: current.username, to: null });
    for (const row of [created, updated, archived, restored, deleted]) {
      const text = JSON.stringify(row.changes);
      expect(text).not.toMatch(/passwordHash|tokenVersion|argon2/);
    }
  });

  it('admins: a superadmin creates, changes and deletes one', async () => {
    let id = 0;
    const payload = { ...providerPayload(), role: 'admin' };
    const created = await oneEntry(async () => {
      id = ok(await t.call({ method: 'POST', url: '/api/admins', token: superToken, payload }), 201).id;
    });
    expect(created).toMatchObject({
      action: 'create',
      entity: 'admin',
      entityId: id,
      actorRole: 'superadmin',
    });
    const updated = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'PUT',
          url: `/api/admins/${id}`,
          token: superToken,
          payload: { ...payload, lastname: 'Durand' },
        }),
      ),
    );
    expect(updated.changes).toEqual({ lastname: { from: payload.lastname, to: 'Durand' } });
    await oneEntry(async () =>
      ok(await t.call({ method: 'DELETE', url: `/api/admins/${id}`, token: superToken })),
    );
  });

  it('establishments: create, update (diff of the changed fields only), image, delete', async () => {
    let id = 0;
    const payload = establishmentPayload(scene.ids.hostA, { name: 'Gîte du Journal' });
    const created = await oneEntry(async () => {
      id = ok(await t.call({ method: 'POST', url: '/api/establishments', token: admin(), payload }), 201).id;
    });
    expect(created).toMatchObject({
      action: 'create',
      entity: 'establishment',
      entityId: id,
      establishmentId: id,
      entityLabel: 'Gîte du Journal',
    });
    const updated = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'PUT',
          url: `/api/establishments/${id}`,
          token: admin(),
          payload: { ...payload, capacityMaxPerson: 8 },
        }),
      ),
    );
    expect(updated.changes).toEqual({ capacityMaxPerson: { from: 6, to: 8 } });
    // The host changes the description of their own establishment: recorded with the host as actor.
    const byHost = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'PUT',
          url: `/api/establishments/${id}`,
          token: scene.tokens.hostA,
          payload: { ...payload, capacityMaxPerson: 8, description: 'Vue sur le lac.' },
        }),
      ),
    );
    expect(byHost).toMatchObject({ actorId: scene.ids.hostA, actorRole: 'host' });
    expect(byHost.changes).toEqual({ description: { from: 'Au bord du lac.', to: 'Vue sur le lac.' } });
    // Saving the same values again changes nothing, and records nothing.
    await noEntry(async () =>
      ok(
        await t.call({
          method: 'PUT',
          url: `/api/establishments/${id}`,
          token: admin(),
          payload: { ...payload, capacityMaxPerson: 8, description: 'Vue sur le lac.' },
        }),
      ),
    );
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const image = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'POST',
          url: `/api/establishments/${id}/image`,
          token: admin(),
          payload: { base64: `data:image/png;base64,${png.toString('base64')}`, file: 'photo.png' },
        }),
      ),
    );
    expect(image.action).toBe('image_upload');
    expect(image.changes.image?.from).toBeNull();
    expect(image.changes.image?.to).toMatchObject({
      filename: expect.any(String),
      mimeType: 'image/webp',
      size: expect.any(Number),
    });
    expect(JSON.stringify(image.changes)).not.toContain('base64');
    const removedImage = await oneEntry(async () =>
      ok(await t.call({ method: 'DELETE', url: `/api/establishments/${id}/image`, token: admin() })),
    );
    expect(removedImage).toMatchObject({ action: 'image_remove', changes: { image: { to: null } } });
    ok(await calls.create(admin(), { establishmentId: id, year: 2026, month: 1, nightsCount: 2 }), 201);
    ok(await stayCalls.create(scene.tokens.hostA, id, juneStay), 201);
    // Its declaration and its register go with it: one entry, which says how many.
    const deleted = await oneEntry(async () =>
      ok(await t.call({ method: 'DELETE', url: `/api/establishments/${id}`, token: admin() })),
    );
    expect(deleted.changes.name).toEqual({ from: 'Gîte du Journal', to: null });
    expect(deleted.changes.declarationCount).toEqual({ from: 1, to: null });
    expect(deleted.changes.stayCount).toEqual({ from: 1, to: null });
  });

  it('declarations: figures, done, reopen, files (name/type/size only), delete', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA, { name: 'Hôtel du Journal' });
    let id = 0;
    const created = await oneEntry(async () => {
      id = ok(
        await calls.create(scene.tokens.hostA, {
          establishmentId: hotel.id,
          year: 2026,
          month: 1,
          nightsCount: 3,
        }),
        201,
      ).id;
    });
    expect(created).toMatchObject({
      action: 'create',
      entity: 'declaration',
      entityId: id,
      establishmentId: hotel.id,
      entityLabel: 'Hôtel du Journal — janvier 2026',
      actorId: scene.ids.hostA,
    });
    expect(created.changes.nightsCount).toEqual({ from: null, to: 3 });
    const updated = await oneEntry(async () =>
      ok(await calls.update(scene.tokens.hostA, id, { nightsCount: 5 })),
    );
    expect(updated.changes.nightsCount).toEqual({ from: 3, to: 5 });
    expect(updated.changes.totalAmount?.from).not.toEqual(updated.changes.totalAmount?.to);
    const file = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'POST',
          url: `/api/declarations/${id}/file`,
          token: scene.tokens.hostA,
          payload: { base64: `data:application/pdf;base64,${PDF.toString('base64')}`, file: 'registre.pdf' },
        }),
      ),
    );
    expect(file.action).toBe('file_attach');
    expect(file.changes).toEqual({
      file: { from: null, to: { filename: 'registre.pdf', mimeType: 'application/pdf', size: PDF.length } },
    });
    const done = await oneEntry(async () => ok(await calls.done(scene.tokens.hostA, id)));
    expect(done).toMatchObject({ action: 'done', changes: { done: { from: false, to: true } } });
    // Marking a done declaration done again changes nothing: no entry.
    await noEntry(async () => ok(await calls.done(admin(), id)));
    const reopened = await oneEntry(async () => ok(await calls.reopen(admin(), id)));
    expect(reopened).toMatchObject({
      action: 'reopen',
      actorId: scene.ids.admin,
      changes: { done: { from: true, to: false } },
    });
    const fileRemoved = await oneEntry(async () =>
      ok(await t.call({ method: 'DELETE', url: `/api/declarations/${id}/file`, token: admin() })),
    );
    expect(fileRemoved.changes.file?.to).toBeNull();
    const deleted = await oneEntry(async () => ok(await calls.remove(admin(), id)));
    expect(deleted.action).toBe('delete');
  });

  it('stays of the register: create, update (changed fields only), delete, and an import as one entry', async () => {
    const gite = await insertEstablishment(t, scene.ids.hostA, { name: 'Gîte du Registre' });
    let id = 0;
    const created = await oneEntry(async () => {
      id = ok(
        await stayCalls.create(scene.tokens.hostA, gite.id, { ...juneStay, reference: 'Résa 7' }),
        201,
      ).id;
    });
    expect(created).toMatchObject({
      action: 'create',
      entity: 'stay',
      entityId: id,
      establishmentId: gite.id,
      entityLabel: 'Gîte du Registre — séjour du 10/06/2026 au 13/06/2026',
      actorId: scene.ids.hostA,
      actorRole: 'host',
      ip: '127.0.0.1',
    });
    // A creation lists what was filled in: no zero of exempted persons, no "not a platform".
    expect(created.changes).toEqual({
      arrival: { from: null, to: '2026-06-10' },
      departure: { from: null, to: '2026-06-13' },
      persons: { from: null, to: 2 },
      price: { from: null, to: 30_000 },
      reference: { from: null, to: 'Résa 7' },
    });

    const updated = await oneEntry(async () =>
      ok(
        await stayCalls.update(admin(), id, {
          ...juneStay,
          reference: 'Résa 7',
          persons: 3,
          exempted: 1,
          exemptionReason: 'MINOR',
        }),
      ),
    );
    expect(updated).toMatchObject({
      action: 'update',
      entity: 'stay',
      entityId: id,
      actorId: scene.ids.admin,
    });
    expect(updated.changes).toEqual({
      persons: { from: 2, to: 3 },
      exempted: { from: 0, to: 1 },
      exemptionReason: { from: null, to: 'MINOR' },
    });
    // Moving the stay names it by its new dates.
    const moved = await oneEntry(async () =>
      ok(
        await stayCalls.update(scene.tokens.hostA, id, {
          ...juneStay,
          reference: 'Résa 7',
          persons: 3,
          exempted: 1,
          exemptionReason: 'MINOR',
          departure: '2026-06-14',
        }),
      ),
    );
    expect(moved.entityLabel).toBe('Gîte du Registre — séjour du 10/06/2026 au 14/06/2026');
    expect(moved.changes).toEqual({ departure: { from: '2026-06-13', to: '2026-06-14' } });
    // Saving the same values again changes nothing, and records nothing.
    await noEntry(async () =>
      ok(
        await stayCalls.update(scene.tokens.hostA, id, {
          ...juneStay,
          reference: 'Résa 7',
          persons: 3,
          exempted: 1,
          exemptionReason: 'MINOR',
          departure: '2026-06-14',
        }),
      ),
    );

    const deleted = await oneEntry(async () => ok(await stayCalls.remove(scene.tokens.hostA, id)));
    expect(deleted).toMatchObject({
      action: 'delete',
      entity: 'stay',
      entityId: id,
      establishmentId: gite.id,
    });
    // A deletion keeps what the stay was.
    expect(deleted.changes).toMatchObject({
      arrival: { from: '2026-06-10', to: null },
      persons: { from: 3, to: null },
      price: { from: 30_000, to: null },
      exemptionReason: { from: 'MINOR', to: null },
    });

    // A month declared done: its stays are left out of an import, which the entry counts.
    await t.database.db
      .insert(declarations)
      .values({ establishmentId: gite.id, userId: scene.ids.hostA, year: 2025, month: 7, done: true });
    const stays = [
      { arrival: '2025-08-20', departure: '2025-08-22', persons: 2, price: 18_000 },
      { arrival: '2025-05-02', departure: '2025-05-04', persons: 4, price: 40_000 },
      { arrival: '2025-07-01', departure: '2025-07-03', persons: 1, price: 9_000 },
      { arrival: '2025-08-30', departure: '2025-09-02', persons: 2, price: 27_000 },
    ];
    // A dry run writes nothing, and records nothing.
    await noEntry(async () =>
      ok(await stayCalls.import(scene.tokens.hostA, gite.id, { stays, dryRun: true })),
    );
    const imported = await oneEntry(async () =>
      expect(ok(await stayCalls.import(scene.tokens.hostA, gite.id, { stays }))).toMatchObject({
        created: 3,
        skipped: [{ line: 3 }],
      }),
    );
    expect(imported).toMatchObject({
      action: 'import',
      entity: 'stay',
      entityId: null,
      establishmentId: gite.id,
      entityLabel: 'Gîte du Registre — import de 3 séjours',
      actorId: scene.ids.hostA,
    });
    expect(imported.changes).toEqual({
      stayCount: { from: null, to: 3 },
      firstArrival: { from: null, to: '2025-05-02' },
      lastDeparture: { from: null, to: '2025-09-02' },
      skippedCount: { from: null, to: 1 },
    });
    // An import whose every line is in a done month writes no stay, and records nothing.
    await noEntry(async () =>
      expect(ok(await stayCalls.import(scene.tokens.hostA, gite.id, { stays: [stays[2]] }))).toMatchObject({
        created: 0,
      }),
    );
  });

  it('pricings and the collectivity settings', async () => {
    let id = 0;
    const payload = lawfulPricingPayload({ beginDate: '2025-01-01', endDate: '2025-12-31' }) as Record<
      string,
      unknown
    >;
    const created = await oneEntry(async () => {
      id = ok(await t.call({ method: 'POST', url: '/api/pricings', token: admin(), payload }), 201).id;
    });
    expect(created).toMatchObject({ action: 'create', entity: 'pricing', entityId: id });
    expect(created.changes.beginDate).toEqual({ from: null, to: '2025-01-01' });
    const updated = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'PUT',
          url: `/api/pricings/${id}`,
          token: admin(),
          payload: { ...payload, endDate: '2025-06-30' },
        }),
      ),
    );
    expect(updated.changes).toEqual({ endDate: { from: '2025-12-31', to: '2025-06-30' } });
    await oneEntry(async () =>
      ok(await t.call({ method: 'DELETE', url: `/api/pricings/${id}`, token: admin() })),
    );

    const settings = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'PUT',
          url: '/api/settings/collectivity',
          token: admin(),
          payload: {
            name: 'CC du Journal',
            address: '1 place de la Mairie',
            siret: '',
            email: '',
            phone: '',
            dueDays: 30,
            paymentInstructions: 'Par virement.',
          },
        }),
      ),
    );
    expect(settings).toMatchObject({ action: 'update', entity: 'settings' });
    expect(settings.changes.name?.to).toBe('CC du Journal');
  });
});

/**
 * Every kind of data the ownership check knows (RESOURCE_KINDS) is audited: the journal entity its changes
 * are recorded under, and how this test creates one. A kind added without a line here fails below.
 */
const AUDITED_KINDS: Record<ResourceKind, { entity: AuditEntity; create: () => Promise<number> }> = {
  user: {
    entity: 'provider',
    create: async () =>
      ok(await t.call({ method: 'POST', url: '/api/users', token: admin(), payload: providerPayload() }), 201)
        .id,
  },
  admin: {
    entity: 'admin',
    create: async () =>
      ok(
        await t.call({
          method: 'POST',
          url: '/api/admins',
          token: superToken,
          payload: { ...providerPayload(), role: 'admin' },
        }),
        201,
      ).id,
  },
  establishment: {
    entity: 'establishment',
    create: async () =>
      ok(
        await t.call({
          method: 'POST',
          url: '/api/establishments',
          token: admin(),
          payload: establishmentPayload(scene.ids.hostA),
        }),
        201,
      ).id,
  },
  declaration: {
    entity: 'declaration',
    create: async () => {
      const hotel = await insertEstablishment(t, scene.ids.hostA);
      return ok(
        await calls.create(scene.tokens.hostA, {
          establishmentId: hotel.id,
          year: 2026,
          month: 1,
          nightsCount: 1,
        }),
        201,
      ).id;
    },
  },
  stay: {
    entity: 'stay',
    create: async () => {
      const hotel = await insertEstablishment(t, scene.ids.hostA);
      return ok(await stayCalls.create(scene.tokens.hostA, hotel.id, juneStay), 201).id;
    },
  },
  change_request: {
    entity: 'change_request',
    create: async () => {
      const hotel = await insertEstablishment(t, scene.ids.hostA);
      return ok(
        await t.call({
          method: 'POST',
          url: `/api/establishments/${hotel.id}/change-requests`,
          token: scene.tokens.hostA,
          payload: { kind: 'establishment_capacity', capacityMaxRoom: 4, capacityMaxPerson: 8 },
        }),
        201,
      ).id;
    },
  },
};

describe('every kind of owned data is audited', () => {
  it.each([...RESOURCE_KINDS])('%s: its creation is recorded under its journal entity', async (kind) => {
    const audited = AUDITED_KINDS[kind];
    expect(audited, `no audited entity for the owned kind ${kind}`).toBeDefined();
    expect(AUDIT_ENTITIES).toContain(audited.entity);
    expect(auditEntityLabels[audited.entity]).toMatch(/^\p{Lu}/u);
    let id = 0;
    const entry = await oneEntry(async () => {
      id = await audited.create();
    });
    expect(entry).toMatchObject({ action: 'create', entity: audited.entity, entityId: id });
  });
});

describe('more kinds of change', () => {
  it('legal bounds of a year: create, update, delete', async () => {
    const grid = LEGAL_BOUNDS.find((entry) => entry.year === 2026)!;
    const bounds = { year: 2031, tariffs: grid.tariffs, noneRate: grid.noneRate };
    const created = await oneEntry(async () =>
      ok(
        await t.call({ method: 'POST', url: '/api/pricings/bounds', token: superToken, payload: bounds }),
        201,
      ),
    );
    expect(created).toMatchObject({ action: 'create', entity: 'legal_bounds', entityId: 2031 });
    const changed = { ...bounds, noneRate: { ...bounds.noneRate, max: bounds.noneRate.max - 1 } };
    const updated = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'PUT',
          url: '/api/pricings/bounds/2031',
          token: superToken,
          payload: changed,
        }),
      ),
    );
    expect(updated.changes).toEqual({
      'noneRate.max': { from: bounds.noneRate.max, to: bounds.noneRate.max - 1 },
    });
    await oneEntry(async () =>
      ok(await t.call({ method: 'DELETE', url: '/api/pricings/bounds/2031', token: superToken })),
    );
  });

  it('a platform-only attestation and its withdrawal, on the establishment', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA, { name: 'Hôtel Plateformes' });
    const attested = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'POST',
          url: `/api/establishments/${hotel.id}/platform-attestation`,
          token: scene.tokens.hostA,
          payload: { year: 2025 },
        }),
        201,
      ),
    );
    expect(attested).toMatchObject({ action: 'attest', entity: 'establishment', entityId: hotel.id });
    const withdrawn = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'DELETE',
          url: `/api/establishments/${hotel.id}/platform-attestation?year=2025`,
          token: scene.tokens.hostA,
        }),
      ),
    );
    expect(withdrawn.changes).toEqual({ platformOnly: { from: 2025, to: null } });
  });

  it('one’s own account: username change and password change (no value kept)', async () => {
    const user = await t.createUser({ role: 'host' });
    const token = await t.login(user.username, TEST_PASSWORD);
    const renamed = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'PUT',
          url: '/api/users/update-self',
          token,
          payload: { username: `${user.username}x`, email: user.email },
        }),
      ),
    );
    expect(renamed).toMatchObject({ action: 'update', entity: 'provider', actorId: user.id });
    expect(renamed.changes).toEqual({ username: { from: user.username, to: `${user.username}x` } });
    const fresh = ok(
      await t.call({
        method: 'PUT',
        url: '/api/users/update-self',
        token,
        payload: { username: user.username, email: user.email },
      }),
    ).token as string;
    const password = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'PUT',
          url: '/api/users/change-password',
          token: fresh,
          payload: { currentPassword: TEST_PASSWORD, password: 'Another-Long-Secret-77' },
        }),
      ),
    );
    expect(password).toMatchObject({ action: 'password', changes: {} });
    expect(JSON.stringify(password)).not.toContain('Another-Long-Secret-77');
  });
});

describe('a failed write writes no entry', () => {
  it('a refused establishment (validation), a refused pricing (overlap), a locked declaration', async () => {
    await noEntry(async () => {
      const response = await t.call({
        method: 'POST',
        url: '/api/establishments',
        token: admin(),
        payload: establishmentPayload(scene.ids.admin),
      });
      expect(response.statusCode).toBe(400);
    });
    await noEntry(async () => {
      const response = await t.call({
        method: 'POST',
        url: '/api/pricings',
        token: admin(),
        payload: lawfulPricingPayload() as object,
      });
      expect(response.json().code).toBe('pricing_overlap');
    });
    const hotel = await insertEstablishment(t, scene.ids.hostA);
    const id = ok(
      await calls.create(scene.tokens.hostA, {
        establishmentId: hotel.id,
        year: 2026,
        month: 2,
        nightsCount: 1,
      }),
      201,
    ).id;
    ok(await calls.done(scene.tokens.hostA, id));
    await noEntry(async () => {
      const response = await calls.update(scene.tokens.hostA, id, { nightsCount: 9 });
      expect(response.json().code).toBe('declaration_locked');
    });
    // A stay in that done month is refused, and so is a stay the schema refuses.
    await noEntry(async () => {
      const response = await stayCalls.create(scene.tokens.hostA, hotel.id, {
        ...juneStay,
        arrival: '2026-02-10',
        departure: '2026-02-12',
      });
      expect(response.json().code).toBe('stay_locked');
    });
    await noEntry(async () => {
      const response = await stayCalls.create(scene.tokens.hostA, hotel.id, { ...juneStay, persons: 0 });
      expect(response.json().code).toBe('validation_error');
    });
  });

  it('an entry that cannot be written rolls the change back with it (one transaction)', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA, { name: 'Avant' });
    // The log refuses new establishment entries for a moment: the change must not survive the refusal.
    await t.database.db.execute(
      sql`ALTER TABLE audit_log ADD CONSTRAINT audit_test_block CHECK (entity <> 'establishment') NOT VALID`,
    );
    try {
      const response = await t.call({
        method: 'PUT',
        url: `/api/establishments/${hotel.id}`,
        token: admin(),
        payload: { ...establishmentPayload(scene.ids.hostA), name: 'Après' },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE audit_log DROP CONSTRAINT audit_test_block`);
    }
    const after = ok(await t.call({ method: 'GET', url: `/api/establishments/${hotel.id}`, token: admin() }));
    expect(after.name).toBe('Avant');
  });
});

describe('sign-ins', () => {
  it('a sign-in records who and where; a failed one the name typed, never the password', async () => {
    const user = await t.createUser({ role: 'host' });
    const signedIn = await oneEntry(() => t.login(user.username, TEST_PASSWORD));
    expect(signedIn).toMatchObject({
      action: 'sign_in',
      entity: 'session',
      actorId: user.id,
      actorName: user.username,
      ip: '127.0.0.1',
    });
    const failed = await oneEntry(async () => {
      const response = await t.call({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: user.username, password: 'Wrong-Secret-99' },
      });
      expect(response.json().code).toBe('invalid_credentials');
    });
    expect(failed).toMatchObject({
      action: 'sign_in_failed',
      actorId: null,
      actorName: user.username,
      ip: '127.0.0.1',
    });
    expect(JSON.stringify(failed)).not.toContain('Wrong-Secret-99');
    const unknown = await oneEntry(() =>
      t.call({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: 'nobody-here', password: 'Wrong-Secret-99' },
      }),
    );
    expect(unknown).toMatchObject({
      actorName: 'nobody-here',
      changes: { reason: { to: 'invalid_credentials' } },
    });
  });
});

describe('the Journal', () => {
  it('lists newest first, filters by who, entity, action and dates, pages on the server', async () => {
    const all = await t.call({ method: 'GET', url: '/api/journal?limit=5', token: admin() });
    const body = all.json();
    expect(body.data).toHaveLength(5);
    expect(body.meta.total).toBeGreaterThan(10);
    const ids = body.data.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const next = (
      await t.call({ method: 'GET', url: '/api/journal?limit=5&offset=5', token: admin() })
    ).json();
    expect(next.data[0].id).toBeLessThan(ids[4]);

    const admins = await t.call({ method: 'GET', url: '/api/users/me', token: admin() });
    const adminName = admins.json().data.username as string;
    const byWho = (
      await t.call({
        method: 'GET',
        url: `/api/journal?actor=${adminName.toUpperCase()}&entity=pricing&limit=100`,
        token: admin(),
      })
    ).json();
    expect(byWho.data.length).toBeGreaterThan(0);
    for (const entry of byWho.data)
      expect(entry).toMatchObject({ actorId: scene.ids.admin, entity: 'pricing' });
    const failed = (
      await t.call({ method: 'GET', url: '/api/journal?action=sign_in_failed', token: admin() })
    ).json();
    expect(failed.meta.total).toBe(2);

    // The range is of days in the collectivity's calendar: between 23:00 and midnight UTC, Paris is a day ahead.
    const today = isoDateIn(new Date());
    const inRange = (
      await t.call({ method: 'GET', url: `/api/journal?from=${today}&to=${today}&limit=1`, token: admin() })
    ).json();
    expect(inRange.meta.total).toBe(body.meta.total);
    const before = (
      await t.call({ method: 'GET', url: '/api/journal?from=2000-01-01&to=2000-12-31', token: admin() })
    ).json();
    expect(before).toMatchObject({ data: [], meta: { total: 0 } });
    const reversed = await t.call({
      method: 'GET',
      url: '/api/journal?from=2026-02-01&to=2026-01-01',
      token: admin(),
    });
    expect(reversed.json().code).toBe('validation_error');
  });

  it('shows a stay’s entries in French, by entity, in the CSV and in its establishment’s history', async () => {
    const gite = await insertEstablishment(t, scene.ids.hostA, { name: 'Gîte des Séjours' });
    const stay = ok(
      await stayCalls.create(scene.tokens.hostA, gite.id, {
        ...juneStay,
        exempted: 1,
        exemptionReason: 'MINOR',
        platform: true,
      }),
      201,
    );
    const listed = (
      await t.call({ method: 'GET', url: '/api/journal?entity=stay&limit=100', token: admin() })
    ).json();
    expect(listed.data.length).toBeGreaterThan(0);
    for (const entry of listed.data) expect(entry.entity).toBe('stay');
    expect(listed.data.find((e: { entityRef: number }) => e.entityRef === stay.id)).toMatchObject({
      action: 'create',
      actorId: scene.ids.hostA,
      entityLabel: 'Gîte des Séjours — séjour du 10/06/2026 au 13/06/2026',
    });

    const csv = await t.call({ method: 'GET', url: '/api/journal/export.csv?entity=stay', token: admin() });
    const line = csv.body.split('\r\n').find((l) => l.includes('Gîte des Séjours'));
    expect(line).toContain(';Création;Séjour;');
    // In the order the form lists the fields, whatever order the database keeps them in.
    expect(line).toContain(
      'Arrivée : 10/06/2026 ; Départ : 13/06/2026 ; Personnes : 2 ; Personnes exonérées : 1 ; ' +
        'Motif d’exonération : Mineur ; Prix HT : 300,00\u00a0€ ; Via une plateforme : Oui',
    );

    // The register belongs to the establishment: its history shows the stay's entry, to its host too.
    const history = (
      await t.call({
        method: 'GET',
        url: `/api/establishments/${gite.id}/history`,
        token: scene.tokens.hostA,
      })
    ).json();
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ entity: 'stay', entityRef: stay.id, action: 'create' });
  });

  it('exports the filtered Journal as CSV', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/journal/export.csv?entity=declaration',
      token: admin(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date;Utilisateur;Rôle;Adresse;Action;Entité;N°;Libellé;Changements');
    expect(lines.slice(1).every((line) => line.includes('Déclaration'))).toBe(true);
    expect(response.body).toContain('Nuitées : 3 → 5');
    const total = (
      await t.call({ method: 'GET', url: '/api/journal?entity=declaration', token: admin() })
    ).json().meta.total;
    expect(lines).toHaveLength(total + 1);
  });

  it('is for admins only, and no route edits or deletes an entry', async () => {
    for (const token of [scene.tokens.hostA, undefined]) {
      const response = await t.call({ method: 'GET', url: '/api/journal', token });
      expect([401, 403]).toContain(response.statusCode);
    }
    const [entry] = await entriesSince(0);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/journal/${entry!.id}`,
        headers: { authorization: `Bearer ${admin()}` },
      });
      expect(response.statusCode).toBe(404);
    }
    // And the database itself refuses to change an entry.
    await expect(
      t.database.db.execute(sql`UPDATE audit_log SET actor_name = 'x' WHERE id = ${entry!.id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_log WHERE id = ${entry!.id}`)).rejects.toThrow();
  });
});

describe('histories of a declaration and an establishment', () => {
  it('the owner host reads them, without other people’s names and addresses; another host gets 404', async () => {
    const hotel = await insertEstablishment(t, scene.ids.hostA, { name: 'Hôtel Historique' });
    const id = ok(
      await calls.create(scene.tokens.hostA, {
        establishmentId: hotel.id,
        year: 2026,
        month: 1,
        nightsCount: 2,
      }),
      201,
    ).id;
    ok(await calls.done(scene.tokens.hostA, id));
    ok(await calls.reopen(admin(), id));

    const asAdmin = (
      await t.call({ method: 'GET', url: `/api/declarations/${id}/history`, token: admin() })
    ).json();
    expect(asAdmin.data.map((e: { action: string }) => e.action)).toEqual(['reopen', 'done', 'create']);
    expect(asAdmin.data[0]).toMatchObject({ actorId: scene.ids.admin, ip: '127.0.0.1' });

    const asHost = (
      await t.call({ method: 'GET', url: `/api/declarations/${id}/history`, token: scene.tokens.hostA })
    ).json();
    expect(asHost.data[0]).toMatchObject({
      action: 'reopen',
      actorRole: 'admin',
      actorId: null,
      actorName: null,
      ip: null,
    });
    expect(asHost.data[1]).toMatchObject({ action: 'done', actorId: scene.ids.hostA, ip: '127.0.0.1' });

    const establishment = (
      await t.call({
        method: 'GET',
        url: `/api/establishments/${hotel.id}/history`,
        token: scene.tokens.hostA,
      })
    ).json();
    expect(establishment.meta.total).toBe(3);

    for (const url of [`/api/declarations/${id}/history`, `/api/establishments/${hotel.id}/history`]) {
      const response = await t.call({ method: 'GET', url, token: scene.tokens.hostB });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
  });
});
