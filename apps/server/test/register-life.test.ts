import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { createDeclarationScene } from './helpers/declarations';
import { createEstablishment } from './helpers/establishments';

/** The register and the establishment's life: a stay's nights must be let (no closure, before the cessation). */

const t = useApp({ at: '2026-11-25T10:00:00Z' });
let scene: Awaited<ReturnType<typeof createDeclarationScene>>;

beforeAll(async () => {
  scene = await createDeclarationScene(t);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });
const closure = (startDate: string, endDate: string, reason: string) => ({ startDate, endDate, reason });

describe('the register refuses stays on nights the establishment does not let', () => {
  it('a night in a closure or from the cessation on: refused with the reason, left out of an import', async () => {
    const gite = (
      await createEstablishment(t, scene.tokens.admin, scene.ids.hostA, {
        name: 'Gîte du registre',
        openingDate: '2026-01-01',
      })
    ).id;
    const closed = await call(
      'POST',
      `/api/establishments/${gite}/closures`,
      scene.tokens.admin,
      closure('2026-10-10', '2026-10-12', 'Travaux de toiture'),
    );
    expect(closed.statusCode, closed.body).toBe(201);
    const stay = (arrival: string, departure: string) => ({ arrival, departure, persons: 2, price: 20_000 });
    const stays = `/api/establishments/${gite}/stays`;

    const onClosedNight = await call('POST', stays, scene.tokens.hostA, stay('2026-10-09', '2026-10-11'));
    expect(onClosedNight.statusCode).toBe(422);
    expect(onClosedNight.json()).toMatchObject({
      success: false,
      code: 'establishment_closed',
      message:
        'L’établissement est fermé la nuit du 10 octobre 2026 (Travaux de toiture) : un séjour ne peut pas y compter cette nuit.',
    });
    // Leaving the morning the closure starts, arriving the evening after it ends: every night is let.
    expect((await call('POST', stays, scene.tokens.hostA, stay('2026-10-08', '2026-10-10'))).statusCode).toBe(
      201,
    );
    const after = await call('POST', stays, scene.tokens.hostA, stay('2026-10-13', '2026-10-15'));
    expect(after.statusCode, after.body).toBe(201);
    const moved = await call(
      'PUT',
      `/api/stays/${after.json().data.id}`,
      scene.tokens.hostA,
      stay('2026-10-12', '2026-10-15'),
    );
    expect(moved.json().code).toBe('establishment_closed');

    const imported = await call('POST', `${stays}/import`, scene.tokens.hostA, {
      stays: [stay('2026-10-11', '2026-10-13'), stay('2026-10-20', '2026-10-22')],
      lines: [2, 3],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({
      created: 1,
      accepted: 1,
      skipped: [{ line: 2, message: expect.stringContaining('fermé la nuit du 11 octobre 2026') }],
    });

    // And the other way round: a closure or a cessation may not leave a stay on nights not let.
    const overStay = await call(
      'POST',
      `/api/establishments/${gite}/closures`,
      scene.tokens.admin,
      closure('2026-10-14', '2026-10-18', 'Congés'),
    );
    expect(overStay.statusCode).toBe(409);
    expect(overStay.json()).toMatchObject({
      code: 'stays_on_nights',
      message:
        'Le registre compte un séjour du 13 octobre 2026 au 15 octobre 2026 pendant cette fermeture : modifiez-le ou supprimez-le d’abord.',
    });
    const dayOfDeparture = await call(
      'POST',
      `/api/establishments/${gite}/closures`,
      scene.tokens.admin,
      closure('2026-10-15', '2026-10-18', 'Congés'),
    );
    expect(dayOfDeparture.statusCode, dayOfDeparture.body).toBe(201);
    const beforeLastStay = await call('PUT', `/api/establishments/${gite}/cessation`, scene.tokens.admin, {
      ceasedOn: '2026-10-21',
      reason: 'Vente',
    });
    expect(beforeLastStay.json()).toMatchObject({
      code: 'stays_on_nights',
      message:
        'Le registre compte un séjour du 20 octobre 2026 au 22 octobre 2026 après cette date : la cessation ne peut pas le précéder.',
    });

    const ceased = await call('PUT', `/api/establishments/${gite}/cessation`, scene.tokens.admin, {
      ceasedOn: '2026-12-01',
      reason: 'Vente',
    });
    expect(ceased.statusCode, ceased.body).toBe(200);
    const acrossCessation = await call('POST', stays, scene.tokens.hostA, stay('2026-11-30', '2026-12-02'));
    expect(acrossCessation.statusCode).toBe(422);
    expect(acrossCessation.json()).toMatchObject({
      code: 'establishment_ceased',
      message:
        'L’établissement a cessé son activité le 1er décembre 2026 : un séjour ne peut plus y compter de nuit à partir de cette date.',
    });
    const count = await call('GET', `${stays}?year=2026&month=10`, scene.tokens.hostA);
    expect(count.json().data).toHaveLength(3);
  });
});
