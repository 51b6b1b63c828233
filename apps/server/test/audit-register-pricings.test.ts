import { lawfulPricingPayload } from '@sejour/domain/testing';
import { describe, expect, it } from 'vitest';
import { declarations } from '../src/db/schema';
import { juneStay, ok, useJournalScene } from './helpers/audit';
import { insertEstablishment } from './helpers/declarations';

/** The journal: the register of stays and the pricings write one entry per change. */

const journal = useJournalScene();
const { t, stayCalls, oneEntry, noEntry, admin } = journal;

describe('every change writes exactly one entry, with who, where and before → after', () => {
  it('stays of the register: create, update (changed fields only), delete, and an import as one entry', async () => {
    const gite = await insertEstablishment(t, journal.scene.ids.hostA, { name: 'Gîte du Registre' });
    let id = 0;
    const created = await oneEntry(async () => {
      id = ok(
        await stayCalls.create(journal.scene.tokens.hostA, gite.id, { ...juneStay, reference: 'Résa 7' }),
        201,
      ).id;
    });
    expect(created).toMatchObject({
      action: 'create',
      entity: 'stay',
      entityId: id,
      establishmentId: gite.id,
      entityLabel: 'Gîte du Registre — séjour du 10/06/2026 au 13/06/2026',
      actorId: journal.scene.ids.hostA,
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
      actorId: journal.scene.ids.admin,
    });
    expect(updated.changes).toEqual({
      persons: { from: 2, to: 3 },
      exempted: { from: 0, to: 1 },
      exemptionReason: { from: null, to: 'MINOR' },
    });
    // Moving the stay names it by its new dates.
    const moved = await oneEntry(async () =>
      ok(
        await stayCalls.update(journal.scene.tokens.hostA, id, {
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
        await stayCalls.update(journal.scene.tokens.hostA, id, {
          ...juneStay,
          reference: 'Résa 7',
          persons: 3,
          exempted: 1,
          exemptionReason: 'MINOR',
          departure: '2026-06-14',
        }),
      ),
    );

    const deleted = await oneEntry(async () => ok(await stayCalls.remove(journal.scene.tokens.hostA, id)));
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
    await t.database.db.insert(declarations).values({
      establishmentId: gite.id,
      userId: journal.scene.ids.hostA,
      year: 2025,
      month: 7,
      done: true,
    });
    const stays = [
      { arrival: '2025-08-20', departure: '2025-08-22', persons: 2, price: 18_000 },
      { arrival: '2025-05-02', departure: '2025-05-04', persons: 4, price: 40_000 },
      { arrival: '2025-07-01', departure: '2025-07-03', persons: 1, price: 9_000 },
      { arrival: '2025-08-30', departure: '2025-09-02', persons: 2, price: 27_000 },
    ];
    // A dry run writes nothing, and records nothing.
    await noEntry(async () =>
      ok(await stayCalls.import(journal.scene.tokens.hostA, gite.id, { stays, dryRun: true })),
    );
    const imported = await oneEntry(async () =>
      expect(ok(await stayCalls.import(journal.scene.tokens.hostA, gite.id, { stays }))).toMatchObject({
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
      actorId: journal.scene.ids.hostA,
    });
    expect(imported.changes).toEqual({
      stayCount: { from: null, to: 3 },
      firstArrival: { from: null, to: '2025-05-02' },
      lastDeparture: { from: null, to: '2025-09-02' },
      skippedCount: { from: null, to: 1 },
    });
    // An import whose every line is in a done month writes no stay, and records nothing.
    await noEntry(async () =>
      expect(
        ok(await stayCalls.import(journal.scene.tokens.hostA, gite.id, { stays: [stays[2]] })),
      ).toMatchObject({
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
