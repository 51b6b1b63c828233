import type { Database } from '../../src/db/database';
import { declarations, establishments } from '../../src/db/schema';

/** An establishment and one declaration of it, owned by a host: rows for the ownership tests. */
export async function insertOwnedRows(db: Database, userId: number) {
  const [establishment] = await db
    .insert(establishments)
    .values({ userId, name: `Gîte ${userId}` })
    .returning({ id: establishments.id });
  if (!establishment) throw new Error('no establishment inserted');
  const [declaration] = await db
    .insert(declarations)
    .values({ establishmentId: establishment.id, userId, year: 2026, month: 1 })
    .returning({ id: declarations.id });
  if (!declaration) throw new Error('no declaration inserted');
  return { establishment: establishment.id, declaration: declaration.id };
}
