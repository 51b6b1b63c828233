import type { Database } from '../../src/db/database';
import { changeRequests, declarations, establishments, stays } from '../../src/db/schema';

/**
 * An establishment, one declaration, one stay and one pending change request of it, owned by a host: rows for
 * the ownership tests.
 */
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
  const [stay] = await db
    .insert(stays)
    .values({
      establishmentId: establishment.id,
      userId,
      arrival: '2026-02-10',
      departure: '2026-02-12',
      persons: 2,
      price: 20_000,
    })
    .returning({ id: stays.id });
  if (!stay) throw new Error('no stay inserted');
  const [changeRequest] = await db
    .insert(changeRequests)
    .values({
      userId,
      establishmentId: establishment.id,
      kind: 'establishment_capacity',
      values: { capacityMaxRoom: 3, capacityMaxPerson: 6 },
      previous: { capacityMaxRoom: null, capacityMaxPerson: null },
      effectiveOn: '2026-03-15',
    })
    .returning({ id: changeRequests.id });
  if (!changeRequest) throw new Error('no change request inserted');
  return {
    establishment: establishment.id,
    declaration: declaration.id,
    stay: stay.id,
    change_request: changeRequest.id,
  };
}
