import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { createDeclarationScene, type DeclarationScene, insertEstablishment } from './helpers/declarations';
import { withStatements } from './helpers/statements';

/**
 * The statements the hot paths run per request, session check included (transaction control aside, see
 * helpers/statements.ts). A budget is a ceiling a change must not raise without saying why: a statement more
 * per save is a round trip more on every keystroke-and-save of the declaration screen.
 */
const t = useApp();
let scene: DeclarationScene;
let declarationId: number;

beforeAll(async () => {
  scene = await createDeclarationScene(t);
  const hotel = await insertEstablishment(t, scene.ids.hostA, { type: 'HOTEL_3' });
  const created = await t.call({
    method: 'POST',
    url: '/api/declarations',
    payload: { establishmentId: hotel.id, year: 2026, month: 1, personCount: 1, nightsCount: 2 },
    token: scene.tokens.hostA,
  });
  expect(created.statusCode, created.body).toBe(201);
  declarationId = created.json().data.id;
});

/** Calls the API and answers the response with the statements the request ran. */
async function measured(options: InjectOptions & { token: string }) {
  const { result, statements } = await withStatements(() => t.call(options));
  return { response: result, statements };
}

describe('statements per request', () => {
  it('saves a declaration in at most 5: session, ownership, the row and its pricings locked, the update, the journal', async () => {
    const { response, statements } = await measured({
      method: 'PUT',
      url: `/api/declarations/${declarationId}`,
      payload: { personCount: 2, nightsCount: 6 },
      token: scene.tokens.hostA,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ nightsCount: 6, taxableNights: 6 });
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(5);
    // What was counted is what ran: the write and its journal entry among them.
    expect(statements.some((q) => q.startsWith('update "declarations"'))).toBe(true);
    expect(statements.some((q) => q.startsWith('insert into "audit_log"'))).toBe(true);
  });

  it('reads a declaration in at most 3: session, ownership, the row', async () => {
    const { response, statements } = await measured({
      method: 'GET',
      url: `/api/declarations/${declarationId}`,
      token: scene.tokens.hostA,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
    expect(statements.some((q) => q.includes('from "users"'))).toBe(true);
    // The session check reads what it compares, never the account's password hash.
    expect(statements.filter((q) => q.includes('password_hash'))).toEqual([]);
  });

  it('answers a page of the list in at most 3: session, the page, its count', async () => {
    const { response, statements } = await measured({
      method: 'GET',
      url: '/api/declarations?limit=10',
      token: scene.tokens.hostA,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().meta.total).toBe(1);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
    expect(statements.some((q) => q.includes('count(*)'))).toBe(true);
  });
});
