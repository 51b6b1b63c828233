import { expect } from 'vitest';
import { createDeclarationScene, declarationCalls, insertEstablishment } from './declarations';
import type { TestApp } from './test-app';

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwXlUORwzEcQAkkhVBwsOfNAAAAABJRU5ErkJggg==',
  'base64',
);
const REGISTER = Buffer.from('nom;nuitées\nÉlodie 🏡;3\nمرحبا;2\n');

/**
 * A database with a bit of everything, through the API: accounts (names in several scripts), a pricing,
 * establishments with an image, declarations (one done, one with its register file), rate-limit counters.
 */
export async function populate(t: TestApp) {
  const scene = await createDeclarationScene(t);
  const calls = declarationCalls(() => t);
  await t.createUser({ role: 'host', firstname: 'Zoë', lastname: 'Ñúñez 👩‍👩‍👧', company: 'מלון' });
  for (let i = 0; i < 3; i++) {
    const hotel = await insertEstablishment(t, scene.ids.hostA, { name: `Hôtel « ${i} » 🏨` });
    const image = await t.call({
      method: 'POST',
      url: `/api/establishments/${hotel.id}/image`,
      token: scene.tokens.hostA,
      payload: { base64: `data:image/png;base64,${TINY_PNG.toString('base64')}`, file: 'photo.png' },
    });
    expect(image.statusCode, image.body).toBeLessThan(300);
    for (const month of [1, 2, 3]) {
      const created = await calls.create(scene.tokens.hostA, {
        establishmentId: hotel.id,
        year: 2026,
        month,
        personCount: 2,
        nightsCount: 7 * month,
        exemptedCount: 0,
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as number;
      if (month === 2) {
        const file = await t.call({
          method: 'POST',
          url: `/api/declarations/${id}/file`,
          token: scene.tokens.hostA,
          payload: { base64: `data:text/csv;base64,${REGISTER.toString('base64')}`, file: 'registre.csv' },
        });
        expect(file.statusCode, file.body).toBeLessThan(300);
      }
      if (month === 1) expect((await calls.done(scene.tokens.hostA, id)).statusCode).toBe(200);
    }
  }
  // A failed login leaves counters behind.
  await t.call({ method: 'POST', url: '/api/users/login', payload: { username: 'nobody', password: 'x' } });
  return scene;
}
