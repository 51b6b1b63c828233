import { describe, expect, it } from 'vitest';
import { juneStay, ok, PDF, useJournalScene } from './helpers/audit';
import { insertEstablishment } from './helpers/declarations';
import { establishmentPayload } from './helpers/establishments';
import { providerPayload } from './helpers/people';

/** The journal: every change writes exactly one entry, with who, where and before → after (people, establishments, declarations). */

const journal = useJournalScene();
const { t, calls, stayCalls, oneEntry, noEntry, admin } = journal;

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
      actorId: journal.scene.ids.admin,
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
      id = ok(
        await t.call({ method: 'POST', url: '/api/admins', token: journal.superToken, payload }),
        201,
      ).id;
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
          token: journal.superToken,
          payload: { ...payload, lastname: 'Durand' },
        }),
      ),
    );
    expect(updated.changes).toEqual({ lastname: { from: payload.lastname, to: 'Durand' } });
    await oneEntry(async () =>
      ok(await t.call({ method: 'DELETE', url: `/api/admins/${id}`, token: journal.superToken })),
    );
  });

  it('establishments: create, update (diff of the changed fields only), image, delete', async () => {
    let id = 0;
    const payload = establishmentPayload(journal.scene.ids.hostA, { name: 'Gîte du Journal' });
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
          token: journal.scene.tokens.hostA,
          payload: { ...payload, capacityMaxPerson: 8, description: 'Vue sur le lac.' },
        }),
      ),
    );
    expect(byHost).toMatchObject({ actorId: journal.scene.ids.hostA, actorRole: 'host' });
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
    ok(await stayCalls.create(journal.scene.tokens.hostA, id, juneStay), 201);
    // Its declaration and its register go with it: one entry, which says how many.
    const deleted = await oneEntry(async () =>
      ok(await t.call({ method: 'DELETE', url: `/api/establishments/${id}`, token: admin() })),
    );
    expect(deleted.changes.name).toEqual({ from: 'Gîte du Journal', to: null });
    expect(deleted.changes.declarationCount).toEqual({ from: 1, to: null });
    expect(deleted.changes.stayCount).toEqual({ from: 1, to: null });
  });

  it('declarations: figures, done, reopen, files (name/type/size only), delete', async () => {
    const hotel = await insertEstablishment(t, journal.scene.ids.hostA, { name: 'Hôtel du Journal' });
    let id = 0;
    const created = await oneEntry(async () => {
      id = ok(
        await calls.create(journal.scene.tokens.hostA, {
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
      actorId: journal.scene.ids.hostA,
    });
    expect(created.changes.nightsCount).toEqual({ from: null, to: 3 });
    const updated = await oneEntry(async () =>
      ok(await calls.update(journal.scene.tokens.hostA, id, { nightsCount: 5 })),
    );
    expect(updated.changes.nightsCount).toEqual({ from: 3, to: 5 });
    expect(updated.changes.totalAmount?.from).not.toEqual(updated.changes.totalAmount?.to);
    const file = await oneEntry(async () =>
      ok(
        await t.call({
          method: 'POST',
          url: `/api/declarations/${id}/file`,
          token: journal.scene.tokens.hostA,
          payload: { base64: `data:application/pdf;base64,${PDF.toString('base64')}`, file: 'registre.pdf' },
        }),
      ),
    );
    expect(file.action).toBe('file_attach');
    expect(file.changes).toEqual({
      file: { from: null, to: { filename: 'registre.pdf', mimeType: 'application/pdf', size: PDF.length } },
    });
    const done = await oneEntry(async () => ok(await calls.done(journal.scene.tokens.hostA, id)));
    expect(done).toMatchObject({ action: 'done', changes: { done: { from: false, to: true } } });
    // Marking a done declaration done again changes nothing: no entry.
    await noEntry(async () => ok(await calls.done(admin(), id)));
    const reopened = await oneEntry(async () => ok(await calls.reopen(admin(), id)));
    expect(reopened).toMatchObject({
      action: 'reopen',
      actorId: journal.scene.ids.admin,
      changes: { done: { from: true, to: false } },
    });
    const fileRemoved = await oneEntry(async () =>
      ok(await t.call({ method: 'DELETE', url: `/api/declarations/${id}/file`, token: admin() })),
    );
    expect(fileRemoved.changes.file?.to).toBeNull();
    const deleted = await oneEntry(async () => ok(await calls.remove(admin(), id)));
    expect(deleted.action).toBe('delete');
  });
});
