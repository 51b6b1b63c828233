import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database';

/**
 * Hosts `load1` … `loadN` (companies « Hébergeur 0001 » …), each with `establishmentsEach` hotels in Metz
 * numbered « Gîte 00001 » … in the hosts' order: a territory for the load tests, in two statements.
 */
export async function insertLoadTerritory(
  db: Database,
  { providers, establishmentsEach }: { providers: number; establishmentsEach: number },
): Promise<void> {
  await db.execute(sql`
    insert into users (username, email, role, activated, company)
    select 'load' || i, 'load' || i || '@example.test', 'host', true, 'Hébergeur ' || lpad(i::text, 4, '0')
    from generate_series(1, ${providers}) as i`);
  await db.execute(sql`
    insert into establishments (user_id, name, type, capacity_max_person, city, cp)
    select u.id, 'Gîte ' || lpad(((u.id - first.id) * ${establishmentsEach} + j)::text, 5, '0'),
           'HOTEL_2', 10, 'Metz', '57000'
    from users u
    cross join (select min(id) as id from users where username like 'load%') first
    cross join generate_series(1, ${establishmentsEach}) as j
    where u.username like 'load%'
    order by u.id, j`);
}

/** Starts the app on a loopback port, as a second client reaches it: the API's base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
}
