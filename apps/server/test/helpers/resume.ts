import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { users } from '../../src/db/schema';
import { useApp } from '../fixture';
import {
  createDeclarationScene,
  type DeclarationScene,
  declarationCalls,
  insertEstablishment,
} from './declarations';
import type { TestApp } from './test-app';

/**
 * A generated semester (the clock is 15 March 2026): host A has a hotel and a let; host B a campsite.
 * Done declarations count; drafts are shown apart; months with nothing are missing.
 */
export async function createResumeScene(t: TestApp) {
  const calls = declarationCalls(() => t);
  const scene = await createDeclarationScene(t);
  await t.database.db
    .update(users)
    .set({ company: 'Gîtes du Lac', address: '1 rue des Lilas', cp: '57000', city: 'Metz' })
    .where(eq(users.id, scene.ids.hostA));
  const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3', name: 'Hôtel du Lac' });
  const let_ = await insertEstablishment(t, scene.ids.hostA, {
    type: 'NONE',
    name: 'Meublé des Vignes',
    capacityMaxPerson: 6,
  });
  const camping = await insertEstablishment(t, scene.ids.hostB, {
    type: 'CAMPING_345',
    name: 'Camping des Pins',
  });
  const declare = async (token: string, body: object, done = true) => {
    const response = await calls.create(token, body);
    expect(response.statusCode, response.body).toBe(201);
    if (done) await calls.done(token, response.json().data.id);
  };
  // Random figures: the totals below are summed from what the server stored, to the cent.
  for (const month of [1, 2]) {
    await declare(scene.tokens.hostA, {
      establishmentId: hotel.id,
      year: 2026,
      month,
      nightsCount: 17 * month + 3,
      exemptedCount: month,
    });
    await declare(scene.tokens.hostB, {
      establishmentId: camping.id,
      year: 2026,
      month,
      nightsCount: 101 * month,
      platformNightsCount: 7,
    });
  }
  await declare(scene.tokens.hostA, {
    establishmentId: let_.id,
    year: 2026,
    month: 1,
    nightsCountInf: 9,
    prixInf: 53_333,
  });
  // A draft: shown apart, not due.
  await declare(
    scene.tokens.hostA,
    { establishmentId: let_.id, year: 2026, month: 3, nightsCountSup: 4, prixSup: 60_000 },
    false,
  );
  return scene;
}

/**
 * The resume tests' setting: an app with the generated semester of `createResumeScene`, and the resume's call.
 * Called at the top of a file; `scene` is filled in by the file's `beforeAll`, as `useApp` fills in its tokens.
 */
export function useResumeScene() {
  const t = useApp();
  const scene = {} as DeclarationScene;
  beforeAll(async () => {
    Object.assign(scene, await createResumeScene(t));
  });
  /** The resume for `query`, as `token` (the admin's by default) asks for it. */
  function get(query: string, token = scene.tokens.admin) {
    return t.call({ method: 'GET', url: `/api/resume?${query}`, token });
  }
  return { t, scene, get };
}
