import {
  AUDIT_ENTITIES,
  type AuditEntity,
  auditEntityLabels,
  LEGAL_BOUNDS,
  RESOURCE_KINDS,
  type ResourceKind,
} from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { juneStay, ok, useJournalScene } from './helpers/audit';
import { insertEstablishment } from './helpers/declarations';
import { establishmentPayload } from './helpers/establishments';
import { providerPayload } from './helpers/people';
import { TEST_PASSWORD } from './helpers/test-app';

/** The journal: every kind of owned data, more kinds of change, and a failed write that writes nothing. */

const journal = useJournalScene();
const { t, calls, stayCalls, oneEntry, noEntry, admin } = journal;

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
          token: journal.superToken,
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
          payload: establishmentPayload(journal.scene.ids.hostA),
        }),
        201,
      ).id,
  },
  declaration: {
    entity: 'declaration',
    create: async () => {
      const hotel = await insertEstablishment(t, journal.scene.ids.hostA);
      return ok(
        await calls.create(journal.scene.tokens.hostA, {
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
      const hotel = await insertEstablishment(t, journal.scene.ids.hostA);
      return ok(await stayCalls.create(journal.scene.tokens.hostA, hotel.id, juneStay), 201).id;
    },
  },
  change_request: {
    entity: 'change_request',
    create: async () => {
      const hotel = await insertEstablishment(t, journal.scene.ids.hostA);
      return ok(
        await t.call({
          method: 'POST',
          url: `/api/establishments/${hotel.id}/change-requests`,
          token: journal.scene.tokens.hostA,
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
        await t.call({
          method: 'POST',
          url: '/api/pricings/bounds',
          token: journal.superToken,
          payload: bounds,
        }),
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
          token: journal.superToken,
          payload: changed,
        }),
      ),
    );
    expect(updated.changes).toEqual({
      'noneRate.max': { from: bounds.noneRate.max, to: bounds.noneRate.max - 1 },
    });
    await oneEntry(async () =>
      ok(await t.call({ method: 'DELETE', url: '/api/pricings/bounds/2031', token: journal.superToken })),
    );
  });

  it('a platform-only attestation and its withdrawal, on the establishment', async () => {
    const hotel = await insertEstablishment(t, journal.scene.ids.hostA, { name: 'Hôtel Plateformes' });
    const attested = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'POST',
          url: `/api/establishments/${hotel.id}/platform-attestation`,
          token: journal.scene.tokens.hostA,
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
          token: journal.scene.tokens.hostA,
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
        payload: establishmentPayload(journal.scene.ids.admin),
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
    const hotel = await insertEstablishment(t, journal.scene.ids.hostA);
    const id = ok(
      await calls.create(journal.scene.tokens.hostA, {
        establishmentId: hotel.id,
        year: 2026,
        month: 2,
        nightsCount: 1,
      }),
      201,
    ).id;
    ok(await calls.done(journal.scene.tokens.hostA, id));
    await noEntry(async () => {
      const response = await calls.update(journal.scene.tokens.hostA, id, { nightsCount: 9 });
      expect(response.json().code).toBe('declaration_locked');
    });
    // A stay in that done month is refused, and so is a stay the schema refuses.
    await noEntry(async () => {
      const response = await stayCalls.create(journal.scene.tokens.hostA, hotel.id, {
        ...juneStay,
        arrival: '2026-02-10',
        departure: '2026-02-12',
      });
      expect(response.json().code).toBe('stay_locked');
    });
    await noEntry(async () => {
      const response = await stayCalls.create(journal.scene.tokens.hostA, hotel.id, {
        ...juneStay,
        persons: 0,
      });
      expect(response.json().code).toBe('validation_error');
    });
  });

  it('an entry that cannot be written rolls the change back with it (one transaction)', async () => {
    const hotel = await insertEstablishment(t, journal.scene.ids.hostA, { name: 'Avant' });
    // The log refuses new establishment entries for a moment: the change must not survive the refusal.
    await t.database.db.execute(
      sql`ALTER TABLE audit_log ADD CONSTRAINT audit_test_block CHECK (entity <> 'establishment') NOT VALID`,
    );
    try {
      const response = await t.call({
        method: 'PUT',
        url: `/api/establishments/${hotel.id}`,
        token: admin(),
        payload: { ...establishmentPayload(journal.scene.ids.hostA), name: 'Après' },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE audit_log DROP CONSTRAINT audit_test_block`);
    }
    const after = ok(await t.call({ method: 'GET', url: `/api/establishments/${hotel.id}`, token: admin() }));
    expect(after.name).toBe('Avant');
  });
});
