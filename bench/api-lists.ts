import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrationsFolder } from '../apps/server/src/paths';

/** Times API list calls on a database filled with generated providers. */
export async function benchApiLists(options: { providers: number; iterations: number }) {
  const database = await openDatabase({});
  await database.migrate(migrationsFolder);
  const hash = await hashPassword('Bench-Password-2026');
  await database.db.execute(sql`
    INSERT INTO users (username, email, role, password_hash, activated, firstname, lastname, company, city, cp)
    SELECT 'host' || i, 'host' || i || '@bench.test', 'host', ${hash}, true,
           'Prénom' || i, 'Nom' || (i % 997), 'Société ' || (i % 101), 'Ville' || (i % 53), '57000'
    FROM generate_series(1, ${options.providers}) AS i`);
  await database.db.execute(sql`
    INSERT INTO users (username, email, role, password_hash, activated)
    VALUES ('bench-admin', 'bench-admin@bench.test', 'admin', ${hash}, true)`);
  await database.db.execute(sql`ANALYZE`);

  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' }),
    database,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { username: 'bench-admin', password: 'Bench-Password-2026' },
  });
  const token = login.json().data as string;

  const cases = [
    '/api/users',
    '/api/users?sort=lastname:desc,city:asc&limit=50',
    '/api/users?q=Ville7&limit=50',
    `/api/users?offset=${Math.max(0, options.providers - 10)}`,
  ];
  const results: string[] = [];
  for (const url of cases) {
    const times: number[] = [];
    for (let i = 0; i < options.iterations; i++) {
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { authorization: token } });
      times.push(performance.now() - start);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(1);
    results.push(`  GET ${url.padEnd(52)} p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms`);
  }
  await app.close();
  await database.close();
  return results;
}
