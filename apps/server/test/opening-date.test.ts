import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/database';
import { useApp } from './fixture';
import { createDeclarationScene, declarationCalls, insertEstablishment } from './helpers/declarations';
import { createEstablishment, establishmentPayload } from './helpers/establishments';

/**
 * An establishment's opening date: the months before its month are not due — not late on Home, not in the
 * missing list, the resume, the dashboard or the reminder, `not_due` in the year view. The clock is moved to
 * 25 November 2026. Host A has « Gîte de septembre » (opened 15 September 2026); host B « Chambre de
 * novembre » (created today without a date); host C « Ancienne ferme », a row with no opening date (every month
 * due, as before).
 */
const TODAY = new Date('2026-11-25T10:00:00Z');
const t = useApp({ mail: true, env: { REMINDERS: 'on', REMINDER_DAY: '5' }, at: TODAY.toISOString() });
let scene: Awaited<ReturnType<typeof createDeclarationScene>>;
const calls = declarationCalls(() => t);
const ids = { hostC: 0, gite: 0, chambre: 0, ferme: 0 };

beforeAll(async () => {
  scene = await createDeclarationScene(t);
  ids.hostC = (await t.createUser({ role: 'host' })).id;
  ids.gite = (
    await createEstablishment(t, scene.tokens.admin, scene.ids.hostA, {
      name: 'Gîte de septembre',
      openingDate: '2026-09-15',
    })
  ).id;
  ids.chambre = (
    await createEstablishment(t, scene.tokens.admin, scene.ids.hostB, { name: 'Chambre de novembre' })
  ).id;
  ids.ferme = (await insertEstablishment(t, ids.hostC, { name: 'Ancienne ferme' })).id;
});

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });
const monthsOf = (rows: Array<{ month: number }>) => rows.map((row) => row.month);

async function storedOpening(id: number): Promise<string | null> {
  const [row] = await selectRows<{ opening_date: string | null }>(
    t.database.db,
    sql`select opening_date::text as opening_date from establishments where id = ${id}`,
  );
  return row?.opening_date ?? null;
}

describe('the months before the opening are not due', () => {
  it('a new establishment without a date opens the day it is created', async () => {
    const res = await get(`/api/establishments/${ids.chambre}`, scene.tokens.admin);
    expect(res.json().data.openingDate).toBe('2026-11-25');
    expect((await get(`/api/establishments/${ids.gite}`, scene.tokens.admin)).json().data.openingDate).toBe(
      '2026-09-15',
    );
  });

  it('Home asks the host for September and October only', async () => {
    const a = (await get('/api/home/host', scene.tokens.hostA)).json().data;
    expect(a.establishments).toEqual([
      {
        id: ids.gite,
        name: 'Gîte de septembre',
        late: [
          { year: 2026, month: 9, forfaitPeriod: null },
          { year: 2026, month: 10, forfaitPeriod: null },
        ],
        drafts: [],
        classificationLapse: null,
      },
    ]);
    const b = (await get('/api/home/host', scene.tokens.hostB)).json().data;
    expect(b.establishments).toEqual([
      { id: ids.chambre, name: 'Chambre de novembre', late: [], drafts: [], classificationLapse: null },
    ]);
  });

  it('« Mois non déclarés » lists the months since the opening; a row with no date keeps every month', async () => {
    const missing = async (userId: number) => {
      const res = await get(`/api/declarations/missing?year=2026&userId=${userId}`, scene.tokens.admin);
      expect(res.statusCode, res.body).toBe(200);
      return monthsOf(res.json().data);
    };
    expect(await missing(scene.ids.hostA)).toEqual([9, 10]);
    expect(await missing(scene.ids.hostB)).toEqual([]);
    expect(await missing(ids.hostC)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const lastYear = await get(
      `/api/declarations/missing?year=2025&userId=${scene.ids.hostA}`,
      scene.tokens.admin,
    );
    expect(lastYear.json().data).toEqual([]);
  });

  it('the resume’s missing months start with the opening', async () => {
    const rowOf = async (semester: number) => {
      const res = await get(
        `/api/resume?year=2026&semester=${semester}&userId=${scene.ids.hostA}`,
        scene.tokens.admin,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.providers[0].rows[0];
    };
    expect((await rowOf(1)).missingMonths).toEqual([]);
    expect((await rowOf(2)).missingMonths).toEqual([9, 10]);
  });

  it('the dashboard counts last month’s missing declarations of open establishments only', async () => {
    const res = await get('/api/home/dashboard', scene.tokens.admin);
    // October: the gîte and the farm; the room opened in November.
    expect(res.json().data.counts.missingLastMonth).toBe(2);
  });

  it('the year view shows the months before the opening as not due, not late', async () => {
    const res = await get(`/api/establishments/${ids.gite}/months?year=2026`, scene.tokens.hostA);
    expect(res.statusCode, res.body).toBe(200);
    const { establishment, months } = res.json().data;
    expect(establishment.openingDate).toBe('2026-09-15');
    expect(months.map((m: { state: string }) => m.state)).toEqual([
      ...Array(8).fill('not_due'),
      'late',
      'late',
      'todo',
      'future',
    ]);
  });

  it('the monthly reminder names the months since the opening, and spares an establishment not open then', async () => {
    expect(await t.app.reminders.runIfDue()).toEqual({ sent: true, period: '2026-10', mails: 2 });
    await t.app.mailer.idle();
    const reminders = t.smtp.mails.filter((m) => m.subject.includes('déclaration d'));
    const [hostA, hostB] = await selectRows<{ email: string }>(
      t.database.db,
      sql`select email from users where id in (${scene.ids.hostA}, ${scene.ids.hostB}) order by id`,
    );
    const toA = reminders.filter((m) => m.to.includes(hostA?.email ?? ''));
    expect(toA).toHaveLength(1);
    expect(toA[0]?.text).toContain('Gîte de septembre : septembre 2026, octobre 2026');
    expect(toA[0]?.text).not.toContain('août 2026');
    expect(reminders.some((m) => m.to.includes(hostB?.email ?? ''))).toBe(false);
  });
});

describe('setting the opening date', () => {
  it('is validated: a real date between 1900 and 2100; nothing is written otherwise', async () => {
    for (const [openingDate, message] of [
      ['2026-02-30', 'Veuillez saisir une date valide (aaaa-mm-jj).'],
      ['15/09/2026', 'Veuillez saisir une date valide (aaaa-mm-jj).'],
      ['1899-12-31', 'La date d’ouverture doit être comprise entre le 01/01/1900 et le 31/12/2100.'],
    ]) {
      const before = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from establishments`,
      );
      const created = await t.call({
        method: 'POST',
        url: '/api/establishments',
        token: scene.tokens.admin,
        payload: establishmentPayload(scene.ids.hostA, { openingDate }),
      });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json()).toMatchObject({ success: false, code: 'validation_error' });
      expect(created.json().errors.openingDate).toBe(message);
      const after = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from establishments`,
      );
      expect(after[0]?.n).toBe(before[0]?.n);

      const changed = await t.call({
        method: 'PUT',
        url: `/api/establishments/${ids.gite}`,
        token: scene.tokens.admin,
        payload: establishmentPayload(scene.ids.hostA, { name: 'Gîte de septembre', openingDate }),
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().errors.openingDate).toBe(message);
      expect(await storedOpening(ids.gite)).toBe('2026-09-15');
    }
  });

  it('an admin changes it; leaving it out keeps the stored date', async () => {
    const current = (await get(`/api/establishments/${ids.chambre}`, scene.tokens.admin)).json().data;
    const {
      id: _id,
      owner: _owner,
      image: _image,
      createDate: _c,
      declarationCount: _d,
      ...payload
    } = current;
    const moved = await t.call({
      method: 'PUT',
      url: `/api/establishments/${ids.chambre}`,
      token: scene.tokens.admin,
      payload: { ...payload, openingDate: '2026-10-31' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.openingDate).toBe('2026-10-31');
    const missing = await get(
      `/api/declarations/missing?year=2026&userId=${scene.ids.hostB}`,
      scene.tokens.admin,
    );
    expect(monthsOf(missing.json().data)).toEqual([10]);

    const kept = await t.call({
      method: 'PUT',
      url: `/api/establishments/${ids.chambre}`,
      token: scene.tokens.admin,
      payload: { ...payload, openingDate: null, description: 'Vue sur le lac.' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.openingDate).toBe('2026-10-31');
  });

  it('a host cannot change it (refused as a whole, nothing written), but may send it back unchanged', async () => {
    const current = (await get(`/api/establishments/${ids.gite}`, scene.tokens.hostA)).json().data;
    const {
      id: _id,
      owner: _owner,
      image: _image,
      createDate: _c,
      declarationCount: _d,
      ...payload
    } = current;
    const refused = await t.call({
      method: 'PUT',
      url: `/api/establishments/${ids.gite}`,
      token: scene.tokens.hostA,
      payload: { ...payload, openingDate: '2026-11-01', description: 'Nouvelle description' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'forbidden' });
    expect(refused.json().errors).toEqual({ openingDate: 'Seul un administrateur peut modifier ce champ.' });
    expect(await storedOpening(ids.gite)).toBe('2026-09-15');
    const unchanged = (await get(`/api/establishments/${ids.gite}`, scene.tokens.hostA)).json().data;
    expect(unchanged.description).toBe(current.description);

    for (const body of [
      { ...payload, description: 'Au calme.' },
      { ...payload, openingDate: undefined, description: 'Au calme, près du lac.' },
    ]) {
      const saved = await t.call({
        method: 'PUT',
        url: `/api/establishments/${ids.gite}`,
        token: scene.tokens.hostA,
        payload: body,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.openingDate).toBe('2026-09-15');
    }
  });
});

describe('an accepted public report', () => {
  it('gives the establishment the opening date the declarant typed', async () => {
    const submitted = await t.call({
      method: 'POST',
      url: '/api/establishments/report',
      remoteAddress: '10.77.0.1',
      payload: {
        kind: 'individual',
        firstname: 'Camille',
        lastname: 'Martin',
        email: 'ouverture@exemple.test',
        name: 'Gîte de juin',
        address: '3 rue de l’Église',
        cp: '57170',
        city: 'Château-Salins',
        type: 'NONE',
        capacityMaxPerson: 4,
        openingDate: '2026-06-10',
        consent: true,
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const list = await get('/api/reports?limit=1', scene.tokens.admin);
    const reportId = list.json().data[0].id as number;
    const accepted = await t.call({
      method: 'POST',
      url: `/api/reports/${reportId}/accept`,
      token: scene.tokens.admin,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { establishmentId, providerId } = accepted.json().data;
    expect(
      (await get(`/api/establishments/${establishmentId}`, scene.tokens.admin)).json().data.openingDate,
    ).toBe('2026-06-10');
    const missing = await get(`/api/declarations/missing?year=2026&userId=${providerId}`, scene.tokens.admin);
    expect(monthsOf(missing.json().data)).toEqual([6, 7, 8, 9, 10]);
  });

  it('refuses a report whose opening date is out of bounds', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/establishments/report',
      remoteAddress: '10.77.0.2',
      payload: { openingDate: '1850-01-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.openingDate).toBe(
      'La date d’ouverture doit être comprise entre le 01/01/1900 et le 31/12/2100.',
    );
  });
});

describe('migration 0011 on existing establishments', () => {
  it('opens each on its creation day, or on the first day of an earlier declared month', async () => {
    const sqlFile = new URL('../drizzle/0011_establishment_opening.sql', import.meta.url);
    const backfill = readFileSync(sqlFile, 'utf8').split('--> statement-breakpoint')[1] ?? '';
    expect(backfill).toContain('UPDATE');
    const older = await insertEstablishment(t, ids.hostC, { name: 'Déclarée avant sa création' });
    const plain = await insertEstablishment(t, ids.hostC, { name: 'Créée un soir d’été' });
    const declared = await calls.create(scene.tokens.admin, {
      establishmentId: older.id,
      year: 2026,
      month: 2,
      personCount: 2,
      nightsCount: 10,
      exemptedCount: 0,
    });
    expect(declared.statusCode, declared.body).toBe(201);
    // 22:30 UTC on 30 June is already 1 July in Paris.
    await t.database.db.execute(
      sql`update establishments set created_at = '2026-06-30T22:30:00Z', opening_date = null
          where id in (${older.id}, ${plain.id})`,
    );
    await t.database.db.execute(sql.raw(backfill));
    expect(await storedOpening(older.id)).toBe('2026-02-01');
    expect(await storedOpening(plain.id)).toBe('2026-07-01');
  });
});
