import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { stays } from '../../src/db/schema';
import { useApp } from '../fixture';
import { createDeclarationScene, type DeclarationScene, declarationCalls } from './declarations';
import type { TestApp } from './test-app';

/** A stay of June 2026, three nights. */
export const june = { arrival: '2026-06-10', departure: '2026-06-13', persons: 2, price: 30_000 };

/** The calls of the register (stays, imports, a month) with a token, and a count of an establishment's stays. */
export function registerCalls(t: TestApp) {
  const api = {
    create: (token: string, establishmentId: number, payload: object) =>
      t.call({ method: 'POST', url: `/api/establishments/${establishmentId}/stays`, payload, token }),
    update: (token: string, id: number, payload: object) =>
      t.call({ method: 'PUT', url: `/api/stays/${id}`, payload, token }),
    remove: (token: string, id: number) => t.call({ method: 'DELETE', url: `/api/stays/${id}`, token }),
    list: (token: string, establishmentId: number, query: string) =>
      t.call({ method: 'GET', url: `/api/establishments/${establishmentId}/stays?${query}`, token }),
    import: (token: string, establishmentId: number, payload: object) =>
      t.call({ method: 'POST', url: `/api/establishments/${establishmentId}/stays/import`, payload, token }),
    month: (token: string, establishmentId: number, year: number, month: number) =>
      t.call({
        method: 'GET',
        url: `/api/establishments/${establishmentId}/register?year=${year}&month=${month}`,
        token,
      }),
  };
  async function countStays(establishmentId: number): Promise<number> {
    return (await t.database.db.select().from(stays).where(eq(stays.establishmentId, establishmentId)))
      .length;
  }
  return { api, countStays };
}

/**
 * The register tests' setting: an app in mid-November 2026 (the summer months are past, so they can be
 * declared) with the declarations' scene, and the calls of the declarations and of the register. Called at the
 * top of a file; `scene` is filled in by the file's `beforeAll`, as `useApp` fills in its tokens.
 */
export function useRegisterScene() {
  const t = useApp({ at: '2026-11-15T10:00:00Z' });
  const scene = {} as DeclarationScene;
  beforeAll(async () => {
    Object.assign(scene, await createDeclarationScene(t));
  });
  return { t, scene, declarations: declarationCalls(() => t), ...registerCalls(t) };
}
