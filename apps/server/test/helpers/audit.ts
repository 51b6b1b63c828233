import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { useApp } from '../fixture';
import { createDeclarationScene, type DeclarationScene, declarationCalls } from './declarations';
import { TEST_PASSWORD, type TestApp } from './test-app';

/** A one-page PDF, the smallest a declaration's file upload accepts. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A stay of three nights in June 2026 for two. */
export const juneStay = { arrival: '2026-06-10', departure: '2026-06-13', persons: 2, price: 30_000 };

/** The answer's `data`, once its status is the one expected. */
export function ok(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body).data;
}

/** What the journal wrote around a piece of work. */
export function auditEntries(app: () => TestApp) {
  async function lastId(): Promise<number> {
    const [row] = await app()
      .database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` })
      .from(auditLog);
    return Number(row?.id ?? 0);
  }

  /** The entries written since `since`, oldest first. */
  async function entriesSince(since: number) {
    return app()
      .database.db.select()
      .from(auditLog)
      .where(sql`${auditLog.id} > ${since}`)
      .orderBy(auditLog.id);
  }

  return {
    lastId,
    entriesSince,
    /** Runs `work` and answers the one entry it wrote (fails when it wrote none or several). */
    async oneEntry(work: () => Promise<unknown>) {
      const since = await lastId();
      await work();
      const rows = await entriesSince(since);
      expect(rows, JSON.stringify(rows)).toHaveLength(1);
      return rows[0]!;
    },
    async noEntry(work: () => Promise<unknown>) {
      const since = await lastId();
      await work();
      expect(await entriesSince(since)).toEqual([]);
    },
  };
}

/** The register's routes, as the journal's tests call them. */
export function registerCalls(app: () => TestApp) {
  return {
    create: (token: string, establishmentId: number, payload: object) =>
      app().call({ method: 'POST', url: `/api/establishments/${establishmentId}/stays`, payload, token }),
    update: (token: string, id: number, payload: object) =>
      app().call({ method: 'PUT', url: `/api/stays/${id}`, payload, token }),
    remove: (token: string, id: number) => app().call({ method: 'DELETE', url: `/api/stays/${id}`, token }),
    import: (token: string, establishmentId: number, payload: object) =>
      app().call({
        method: 'POST',
        url: `/api/establishments/${establishmentId}/stays/import`,
        payload,
        token,
      }),
  };
}

/**
 * The journal's tests' setting: an app with the declarations' scene (an admin, two hosts) and a superadmin, the
 * calls they make, and what the journal wrote around each. `scene` and `superToken` are there once the file's
 * `beforeAll` has run.
 */
export function useJournalScene() {
  const t = useApp();
  const state: { scene?: DeclarationScene; superToken?: string } = {};
  beforeAll(async () => {
    state.scene = await createDeclarationScene(t);
    const superadmin = await t.createUser({ role: 'superadmin' });
    state.superToken = await t.login(superadmin.username, TEST_PASSWORD);
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the journal scene is read before its beforeAll ran');
    return value;
  };
  return {
    t,
    get scene() {
      return ready(state.scene);
    },
    get superToken() {
      return ready(state.superToken);
    },
    admin: () => ready(state.scene).tokens.admin,
    calls: declarationCalls(() => t),
    stayCalls: registerCalls(() => t),
    ...auditEntries(() => t),
  };
}
