import { isoDateIn } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { juneStay, ok, useJournalScene } from './helpers/audit';
import { insertEstablishment } from './helpers/declarations';
import { TEST_PASSWORD } from './helpers/test-app';

/** The journal: sign-ins, the Journal screen's API, and the histories a host reads. */

const journal = useJournalScene();
const { t, calls, stayCalls, oneEntry, entriesSince, admin } = journal;

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
  // What its filters find: a pricing an admin made and changed, a declaration a host corrected.
  beforeAll(async () => {
    const payload = lawfulPricingPayload({ beginDate: '2025-01-01', endDate: '2025-12-31' });
    const pricing = ok(await t.call({ method: 'POST', url: '/api/pricings', token: admin(), payload }), 201);
    ok(
      await t.call({
        method: 'PUT',
        url: `/api/pricings/${pricing.id}`,
        token: admin(),
        payload: { ...payload, endDate: '2025-06-30' },
      }),
    );
    const hotel = await insertEstablishment(t, journal.scene.ids.hostA, { name: 'Hôtel du Journal' });
    const declaration = ok(
      await calls.create(journal.scene.tokens.hostA, {
        establishmentId: hotel.id,
        year: 2026,
        month: 1,
        nightsCount: 3,
      }),
      201,
    );
    ok(await calls.update(journal.scene.tokens.hostA, declaration.id, { nightsCount: 5 }));
  });

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
      expect(entry).toMatchObject({ actorId: journal.scene.ids.admin, entity: 'pricing' });
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
    const gite = await insertEstablishment(t, journal.scene.ids.hostA, { name: 'Gîte des Séjours' });
    const stay = ok(
      await stayCalls.create(journal.scene.tokens.hostA, gite.id, {
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
      actorId: journal.scene.ids.hostA,
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
        token: journal.scene.tokens.hostA,
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
    for (const token of [journal.scene.tokens.hostA, undefined]) {
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
    const hotel = await insertEstablishment(t, journal.scene.ids.hostA, { name: 'Hôtel Historique' });
    const id = ok(
      await calls.create(journal.scene.tokens.hostA, {
        establishmentId: hotel.id,
        year: 2026,
        month: 1,
        nightsCount: 2,
      }),
      201,
    ).id;
    ok(await calls.done(journal.scene.tokens.hostA, id));
    ok(await calls.reopen(admin(), id));

    const asAdmin = (
      await t.call({ method: 'GET', url: `/api/declarations/${id}/history`, token: admin() })
    ).json();
    expect(asAdmin.data.map((e: { action: string }) => e.action)).toEqual(['reopen', 'done', 'create']);
    expect(asAdmin.data[0]).toMatchObject({ actorId: journal.scene.ids.admin, ip: '127.0.0.1' });

    const asHost = (
      await t.call({
        method: 'GET',
        url: `/api/declarations/${id}/history`,
        token: journal.scene.tokens.hostA,
      })
    ).json();
    expect(asHost.data[0]).toMatchObject({
      action: 'reopen',
      actorRole: 'admin',
      actorId: null,
      actorName: null,
      ip: null,
    });
    expect(asHost.data[1]).toMatchObject({
      action: 'done',
      actorId: journal.scene.ids.hostA,
      ip: '127.0.0.1',
    });

    const establishment = (
      await t.call({
        method: 'GET',
        url: `/api/establishments/${hotel.id}/history`,
        token: journal.scene.tokens.hostA,
      })
    ).json();
    expect(establishment.meta.total).toBe(3);

    for (const url of [`/api/declarations/${id}/history`, `/api/establishments/${hotel.id}/history`]) {
      const response = await t.call({ method: 'GET', url, token: journal.scene.tokens.hostB });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
  });
});
