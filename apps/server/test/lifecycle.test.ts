import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/database';
import { useApp } from './fixture';
import { createDeclarationScene, declarationCalls } from './helpers/declarations';
import { createEstablishment } from './helpers/establishments';

/**
 * Closures and cessation of establishments: the months they empty are not due anywhere (home, missing list,
 * dashboard, resume, year view, reminder), a declaration of such a month is refused with the reason, and what
 * was already declared with nights cannot be closed or ceased away. The clock is moved to 25 November 2026.
 */
const TODAY = new Date('2026-11-25T10:00:00Z');
const t = useApp({ mail: true, env: { REMINDERS: 'on', REMINDER_DAY: '5' }, at: TODAY.toISOString() });
let scene: Awaited<ReturnType<typeof createDeclarationScene>>;
const calls = declarationCalls(() => t);
const ids = { works: 0, ceased: 0, other: 0 };

beforeAll(async () => {
  scene = await createDeclarationScene(t);
  ids.works = (
    await createEstablishment(t, scene.tokens.admin, scene.ids.hostA, {
      name: 'Gîte des travaux',
      openingDate: '2026-01-01',
    })
  ).id;
  ids.ceased = (
    await createEstablishment(t, scene.tokens.admin, scene.ids.hostA, {
      name: 'Chalet cédé',
      openingDate: '2026-01-01',
    })
  ).id;
  ids.other = (
    await createEstablishment(t, scene.tokens.admin, scene.ids.hostB, {
      name: 'Maison de B',
      openingDate: '2026-01-01',
    })
  ).id;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });
const closure = (startDate: string, endDate: string, reason = 'Travaux') => ({ startDate, endDate, reason });

async function auditCount(establishmentId: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from audit_log where establishment_id = ${establishmentId}`,
  );
  return row?.n ?? 0;
}

describe('closures', () => {
  it('a host enters a closure to come; the past is refused to them, an admin may enter it', async () => {
    const past = await call(
      'POST',
      `/api/establishments/${ids.works}/closures`,
      scene.tokens.hostA,
      closure('2026-03-01', '2026-04-30'),
    );
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json()).toMatchObject({ success: false, code: 'validation_error' });
    expect(past.json().errors.startDate).toContain('à l’avance');

    const winter = await call(
      'POST',
      `/api/establishments/${ids.works}/closures`,
      scene.tokens.hostA,
      closure('2026-12-01', '2027-02-28', 'Fermeture hivernale'),
    );
    expect(winter.statusCode, winter.body).toBe(201);
    expect(winter.json().data.closures).toMatchObject([
      { startDate: '2026-12-01', endDate: '2027-02-28', reason: 'Fermeture hivernale' },
    ]);

    const before = await auditCount(ids.works);
    const spring = await call(
      'POST',
      `/api/establishments/${ids.works}/closures`,
      scene.tokens.admin,
      closure('2026-03-01', '2026-04-30'),
    );
    expect(spring.statusCode, spring.body).toBe(201);
    expect(spring.json().data.closures.map((c: { startDate: string }) => c.startDate)).toEqual([
      '2026-03-01',
      '2026-12-01',
    ]);
    expect(await auditCount(ids.works)).toBe(before + 1);
  });

  it('refuses an overlap, an end before the start, and changes nothing', async () => {
    const overlap = await call(
      'POST',
      `/api/establishments/${ids.works}/closures`,
      scene.tokens.admin,
      closure('2026-04-15', '2026-05-10'),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'closure_overlap' });
    expect(overlap.json().message).toBe('Cette fermeture chevauche celle du 1er mars 2026 au 30 avril 2026.');
    const reversed = await call(
      'POST',
      `/api/establishments/${ids.works}/closures`,
      scene.tokens.admin,
      closure('2026-06-10', '2026-06-01'),
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.endDate).toBe('La fin de la fermeture ne peut pas précéder son début.');
    const life = await call('GET', `/api/establishments/${ids.works}/life`, scene.tokens.hostA);
    expect(life.json().data.closures).toHaveLength(2);
  });

  it('a closed month is not due: not late at home, not missing, not in the resume, « Fermé » in the year view', async () => {
    const home = (await call('GET', '/api/home/host', scene.tokens.hostA)).json().data;
    const works = home.establishments.find((e: { id: number }) => e.id === ids.works);
    expect(works.late.map((m: { month: number }) => m.month)).toEqual([1, 2, 5, 6, 7, 8, 9, 10]);

    const missing = await call(
      'GET',
      `/api/declarations/missing?year=2026&userId=${scene.ids.hostA}&limit=100`,
      scene.tokens.admin,
    );
    const months = missing
      .json()
      .data.filter((row: { establishmentId: number }) => row.establishmentId === ids.works)
      .map((row: { month: number }) => row.month);
    expect(months).toEqual([1, 2, 5, 6, 7, 8, 9, 10]);

    const resume = await call(
      'GET',
      `/api/resume?year=2026&semester=1&userId=${scene.ids.hostA}`,
      scene.tokens.admin,
    );
    const row = resume
      .json()
      .data.providers[0].rows.find((r: { establishmentId: number }) => r.establishmentId === ids.works);
    expect(row.missingMonths).toEqual([1, 2, 5, 6]);

    const year = await call('GET', `/api/establishments/${ids.works}/months?year=2026`, scene.tokens.hostA);
    expect(year.json().data.months.map((m: { state: string }) => m.state)).toEqual([
      'late',
      'late',
      'closed',
      'closed',
      'late',
      'late',
      'late',
      'late',
      'late',
      'late',
      'todo',
      'closed',
    ]);
  });

  it('a declaration of a month closed throughout is refused with the closure’s reason', async () => {
    const refused = await calls.create(scene.tokens.hostA, {
      establishmentId: ids.works,
      year: 2026,
      month: 3,
      personCount: 1,
      nightsCount: 2,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'establishment_closed' });
    expect(refused.json().message).toBe(
      'L’établissement est fermé tout le mois de mars 2026 (Travaux) : il n’y a rien à déclarer.',
    );
  });

  it('a closure may not cover a month already declared with nights', async () => {
    const june = await calls.create(scene.tokens.hostA, {
      establishmentId: ids.works,
      year: 2026,
      month: 6,
      personCount: 2,
      nightsCount: 10,
    });
    expect(june.statusCode, june.body).toBe(201);
    const covering = await call(
      'POST',
      `/api/establishments/${ids.works}/closures`,
      scene.tokens.admin,
      closure('2026-06-01', '2026-06-30'),
    );
    expect(covering.statusCode).toBe(409);
    expect(covering.json()).toMatchObject({ code: 'closure_declared' });
    expect(covering.json().message).toContain('juin 2026');
    // Part of the month may be closed: its other nights were let.
    const part = await call(
      'POST',
      `/api/establishments/${ids.works}/closures`,
      scene.tokens.admin,
      closure('2026-06-20', '2026-06-30'),
    );
    expect(part.statusCode, part.body).toBe(201);
  });

  it('a host removes a closure to come, not a past one; another host’s establishment answers 404', async () => {
    const life = (await call('GET', `/api/establishments/${ids.works}/life`, scene.tokens.hostA)).json().data;
    const spring = life.closures.find((c: { startDate: string }) => c.startDate === '2026-03-01');
    const winter = life.closures.find((c: { startDate: string }) => c.startDate === '2026-12-01');
    const pastRemoval = await call(
      'DELETE',
      `/api/establishments/${ids.works}/closures/${spring.id}`,
      scene.tokens.hostA,
    );
    expect(pastRemoval.statusCode).toBe(400);

    const foreign = await call(
      'DELETE',
      `/api/establishments/${ids.works}/closures/${winter.id}`,
      scene.tokens.hostB,
    );
    const missing = await call(
      'DELETE',
      `/api/establishments/987654/closures/${winter.id}`,
      scene.tokens.hostB,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const wrongPair = await call(
      'DELETE',
      `/api/establishments/${ids.other}/closures/${winter.id}`,
      scene.tokens.admin,
    );
    expect(wrongPair.statusCode).toBe(404);
    const foreignRead = await call('GET', `/api/establishments/${ids.works}/life`, scene.tokens.hostB);
    expect(foreignRead.statusCode).toBe(404);
    const foreignAdd = await call(
      'POST',
      `/api/establishments/${ids.works}/closures`,
      scene.tokens.hostB,
      closure('2027-06-01', '2027-06-30'),
    );
    expect(foreignAdd.statusCode).toBe(404);

    const removed = await call(
      'DELETE',
      `/api/establishments/${ids.works}/closures/${winter.id}`,
      scene.tokens.hostA,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.closures.map((c: { startDate: string }) => c.startDate)).toEqual([
      '2026-03-01',
      '2026-06-20',
    ]);
  });
});

describe('cessation', () => {
  it('may not precede a month declared with nights', async () => {
    const august = await calls.create(scene.tokens.hostA, {
      establishmentId: ids.ceased,
      year: 2026,
      month: 8,
      personCount: 2,
      nightsCount: 6,
    });
    expect(august.statusCode, august.body).toBe(201);
    const early = await call('PUT', `/api/establishments/${ids.ceased}/cessation`, scene.tokens.admin, {
      ceasedOn: '2026-08-01',
      reason: 'Vente',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'cessation_declared' });
    const beforeOpening = await call(
      'PUT',
      `/api/establishments/${ids.ceased}/cessation`,
      scene.tokens.admin,
      { ceasedOn: '2025-12-01', reason: 'Vente' },
    );
    expect(beforeOpening.statusCode).toBe(400);
    expect(beforeOpening.json().errors.ceasedOn).toBe(
      'La cessation ne peut pas précéder la date d’ouverture.',
    );
    const pastByHost = await call('PUT', `/api/establishments/${ids.ceased}/cessation`, scene.tokens.hostA, {
      ceasedOn: '2026-09-15',
      reason: 'Vente',
    });
    expect(pastByHost.statusCode).toBe(400);
  });

  it('a cessation mid-September: September is still due, the months after are not, and it leaves the lists', async () => {
    const ceased = await call('PUT', `/api/establishments/${ids.ceased}/cessation`, scene.tokens.admin, {
      ceasedOn: '2026-09-15',
      reason: 'Vente du chalet',
    });
    expect(ceased.statusCode, ceased.body).toBe(200);
    expect(ceased.json().data.cessation).toMatchObject({ ceasedOn: '2026-09-15', reason: 'Vente du chalet' });

    const year = await call('GET', `/api/establishments/${ids.ceased}/months?year=2026`, scene.tokens.hostA);
    expect(
      year
        .json()
        .data.months.map((m: { state: string }) => m.state)
        .slice(7),
    ).toEqual(['draft', 'late', 'ceased', 'ceased', 'ceased']);
    const home = (await call('GET', '/api/home/host', scene.tokens.hostA)).json().data;
    const chalet = home.establishments.find((e: { id: number }) => e.id === ids.ceased);
    expect(chalet.late.map((m: { month: number }) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 9]);

    const october = await calls.create(scene.tokens.hostA, {
      establishmentId: ids.ceased,
      year: 2026,
      month: 10,
    });
    expect(october.statusCode).toBe(422);
    expect(october.json()).toMatchObject({ code: 'establishment_ceased' });
    expect(october.json().message).toBe(
      'L’établissement a cessé son activité le 15 septembre 2026 : le mois d’octobre 2026 n’est plus à déclarer.',
    );

    const list = (
      await call('GET', `/api/establishments?userId=${scene.ids.hostA}`, scene.tokens.admin)
    ).json();
    expect(list.data.map((e: { id: number }) => e.id)).not.toContain(ids.ceased);
    const archived = (
      await call('GET', `/api/establishments?userId=${scene.ids.hostA}&ceased=true`, scene.tokens.admin)
    ).json();
    expect(archived.data.map((e: { id: number; ceasedOn: string }) => [e.id, e.ceasedOn])).toEqual([
      [ids.ceased, '2026-09-15'],
    ]);
    // Still readable, with its history.
    const detail = await call('GET', `/api/establishments/${ids.ceased}`, scene.tokens.hostA);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.declarationCount).toBe(1);
  });

  it('only an admin reopens; the months come back', async () => {
    const byHost = await call('DELETE', `/api/establishments/${ids.ceased}/cessation`, scene.tokens.hostA);
    expect(byHost.statusCode).toBe(403);
    const reopened = await call('DELETE', `/api/establishments/${ids.ceased}/cessation`, scene.tokens.admin);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.cessation).toBeNull();
    const year = await call('GET', `/api/establishments/${ids.ceased}/months?year=2026`, scene.tokens.hostA);
    expect(
      year
        .json()
        .data.months.map((m: { state: string }) => m.state)
        .slice(8),
    ).toEqual(['late', 'late', 'todo', 'future']);
  });
});
