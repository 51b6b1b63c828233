/**
 * `npm run test:crash`: the server is killed with SIGKILL at random moments while clients write (accounts,
 * establishments, declarations, register files), restarted on the same data, and checked: every write it
 * acknowledged with a 2xx is there, intact, and no row is half-written (each row agrees with itself and
 * with the rows it depends on). On the embedded database (a data folder of its own), then on PostgreSQL when
 * `DATABASE_URL` is set (a database of its own, dropped at the end). `CRASH_CYCLES` sets the kills per
 * database (default 3). Ends with one line "crash: N passed, N failed". docs/decisions/0111-reliability.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import pg from 'pg';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 3);
const ADMIN_PASSWORD = 'Crash-Test-Admin-Password-42';
const JWT_SECRET = 'crash-test-secret-0123456789-abcdefghij';
const SERVER_MAIN = join(import.meta.dirname, '..', 'apps', 'server', 'src', 'main.ts');

interface Target {
  name: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      JWT_SECRET,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} at start`);
    try {
      const response = await fetch(`${base}/health`);
      if (response.ok) return { child, base };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 90 s');
}

async function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function api(base: string, token: string | undefined, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: { success?: boolean; data?: unknown; code?: string } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/** The id a creation answered (its write acknowledged). */
const idOf = (answer: { json?: { data?: unknown } }) =>
  Number((answer.json?.data as { id?: number } | undefined)?.id);

async function login(base: string): Promise<string> {
  const answer = await api(base, undefined, 'POST', '/users/login', {
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
  if (answer.status !== 200) throw new Error(`admin login failed: ${answer.text}`);
  return answer.json?.data as string;
}

/** What the clients were told was written: checked after every restart. */
interface Acknowledged {
  users: Map<number, string>;
  establishments: Map<number, string>;
  declarations: Map<number, { establishmentId: number; month: number; nightsCount: number }>;
  files: Set<number>;
}

/** Everything a row holds is derived from its tag, so that any row can be checked against itself. */
const establishmentNumero = (tag: string) => `57463${tag.slice(-6).padStart(6, '0')}AB`;
const registerOf = (establishmentId: number, month: number) =>
  `nom;nuitées\nÉtablissement ${establishmentId} mois ${month};${month}\n`;
const dataUrl = (text: string) => `data:text/csv;base64,${Buffer.from(text).toString('base64')}`;

let tagCounter = 0;
const nextTag = () => `${Date.now() % 1_000_000}${++tagCounter}`.slice(-9);

/** Writes as fast as a few clients can until `stop` says so; records each acknowledged write. */
async function writeUntil(
  base: string,
  token: string,
  hostId: number,
  acked: Acknowledged,
  stop: () => boolean,
) {
  const nextMonth = new Map<number, number>();
  const client = async () => {
    while (!stop()) {
      try {
        const roll = Math.random();
        const establishments = [...acked.establishments.keys()];
        const undeclared = establishments.filter((id) => (nextMonth.get(id) ?? 1) <= 10);
        const withoutFile = [...acked.declarations.keys()].filter((id) => !acked.files.has(id));
        if (roll < 0.25) {
          const tag = nextTag();
          const username = `crash${tag}`;
          const r = await api(base, token, 'POST', '/users', {
            username,
            email: `${username}@example.test`,
            firstname: 'Camille',
            lastname: `Crash ${tag}`,
          });
          if (r.status === 201) acked.users.set(idOf(r), username);
        } else if (roll < 0.5 || undeclared.length === 0) {
          const tag = nextTag();
          const name = `Gîte ${tag}`;
          const r = await api(base, token, 'POST', '/establishments', {
            name,
            userId: hostId,
            type: 'HOTEL_3',
            capacityMaxPerson: 50,
            city: 'Metz',
            cp: '57000',
            numero: establishmentNumero(tag),
          });
          if (r.status === 201) acked.establishments.set(idOf(r), name);
        } else if (roll < 0.8 || withoutFile.length === 0) {
          const id = undeclared[Math.floor(Math.random() * undeclared.length)] as number;
          const month = nextMonth.get(id) ?? 1;
          nextMonth.set(id, month + 1);
          const nightsCount = month * 3;
          const r = await api(base, token, 'POST', '/declarations', {
            establishmentId: id,
            year: 2026,
            month,
            personCount: 1,
            nightsCount,
            exemptedCount: 0,
          });
          if (r.status === 201) {
            acked.declarations.set(idOf(r), {
              establishmentId: id,
              month,
              nightsCount,
            });
          }
        } else {
          const id = withoutFile[Math.floor(Math.random() * withoutFile.length)] as number;
          const declaration = acked.declarations.get(id);
          if (!declaration) continue;
          acked.files.add(-id); // claimed, so that two clients do not upload to one declaration
          const r = await api(base, token, 'POST', `/declarations/${id}/file`, {
            base64: dataUrl(registerOf(declaration.establishmentId, declaration.month)),
            file: 'registre.csv',
          });
          if (r.status >= 200 && r.status < 300) acked.files.add(id);
        }
      } catch {
        // the server was killed under this request: its write is unacknowledged, checked only for wholeness
        await sleep(20);
      }
    }
  };
  await Promise.all([client(), client(), client()]);
}

type Failure = string;

/** Every acknowledged write is there as written; every row present, acknowledged or not, is whole. */
async function verify(base: string, token: string, acked: Acknowledged): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const [id, username] of acked.users) {
    const r = await api(base, token, 'GET', `/users/${id}`);
    const user = r.json?.data as { username: string; email: string } | undefined;
    if (r.status !== 200 || user?.username !== username || user.email !== `${username}@example.test`) {
      failures.push(`acknowledged user ${id} (${username}): ${r.status} ${r.text.slice(0, 200)}`);
    }
  }
  for (const [id, name] of acked.establishments) {
    const r = await api(base, token, 'GET', `/establishments/${id}`);
    if (r.status !== 200 || (r.json?.data as { name?: string } | undefined)?.name !== name) {
      failures.push(`acknowledged establishment ${id} (${name}): ${r.status} ${r.text.slice(0, 200)}`);
    }
  }
  for (const [id, expected] of acked.declarations) {
    const r = await api(base, token, 'GET', `/declarations/${id}`);
    const d = r.json?.data as { nightsCount: number; month: number; establishmentId: number } | undefined;
    if (r.status !== 200 || d?.nightsCount !== expected.nightsCount || d.month !== expected.month) {
      failures.push(`acknowledged declaration ${id}: ${r.status} ${r.text.slice(0, 200)}`);
    }
  }
  for (const id of acked.files) {
    if (id < 0) continue;
    const declaration = acked.declarations.get(id);
    const r = await fetch(`${base}/declarations/${id}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await r.text();
    if (
      r.status !== 200 ||
      !declaration ||
      text !== registerOf(declaration.establishmentId, declaration.month)
    ) {
      failures.push(`acknowledged file of declaration ${id}: ${r.status} ${text.slice(0, 100)}`);
    }
  }
  // Whole rows, acknowledged or not: users' e-mails follow their names, establishments' numbers their names,
  // declarations their month, files their declaration.
  const users = await api(base, token, 'GET', '/users?limit=500');
  if (users.status !== 200) failures.push(`users list: ${users.status} ${users.text.slice(0, 200)}`);
  for (const u of (users.json?.data as { id: number; username: string; email: string }[] | undefined) ?? []) {
    if (u.username.startsWith('crash') && u.email !== `${u.username}@example.test`) {
      failures.push(`user ${u.id} is half-written: ${JSON.stringify(u)}`);
    }
  }
  const establishments = await api(base, token, 'GET', '/establishments?limit=500');
  if (establishments.status !== 200) {
    failures.push(`establishments list: ${establishments.status} ${establishments.text.slice(0, 200)}`);
  }
  for (const e of (establishments.json?.data as { id: number; name: string; numero: string | null }[]) ??
    []) {
    const tag = e.name.replace('Gîte ', '');
    if (e.name.startsWith('Gîte ') && e.numero !== establishmentNumero(tag)) {
      failures.push(`establishment ${e.id} is half-written: ${JSON.stringify(e)}`);
    }
  }
  const declarations = await api(base, token, 'GET', '/declarations?limit=500');
  const list =
    (declarations.json?.data as {
      id: number;
      month: number;
      nightsCount: number;
      establishmentId: number;
      filename: string | null;
    }[]) ?? [];
  if (declarations.status !== 200)
    failures.push(`declarations list: ${declarations.status} ${declarations.text.slice(0, 200)}`);
  for (const d of list) {
    if (d.nightsCount !== d.month * 3)
      failures.push(`declaration ${d.id} is half-written: ${JSON.stringify(d)}`);
    if (d.filename) {
      const r = await fetch(`${base}/declarations/${d.id}/file`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if ((await r.text()) !== registerOf(d.establishmentId, d.month))
        failures.push(`file of declaration ${d.id} is damaged`);
    }
  }
  return failures;
}

async function runOn(target: Target): Promise<{ passed: number; failed: number }> {
  let passed = 0;
  let failed = 0;
  const acked: Acknowledged = {
    users: new Map(),
    establishments: new Map(),
    declarations: new Map(),
    files: new Set(),
  };
  let { child, base } = await startServer(target.env);
  try {
    let token = await login(base);
    await api(base, token, 'POST', '/pricings', lawfulPricingPayload());
    const hostTag = randomBytes(3).toString('hex');
    const host = await api(base, token, 'POST', '/users', {
      username: `crashhost${hostTag}`,
      email: `crashhost${hostTag}@example.test`,
      firstname: 'Dominique',
      lastname: 'Hôte',
    });
    if (host.status !== 201) throw new Error(`cannot create the host: ${host.text}`);
    const hostId = idOf(host);
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      let stopped = false;
      const writing = writeUntil(base, token, hostId, acked, () => stopped);
      await sleep(1500 + Math.random() * 3000);
      await kill(child);
      stopped = true;
      await writing;
      ({ child, base } = await startServer(target.env));
      token = await login(base);
      const failures = await verify(base, token, acked);
      const counts = `${acked.users.size} users, ${acked.establishments.size} establishments, ${acked.declarations.size} declarations, ${[...acked.files].filter((id) => id > 0).length} files acknowledged`;
      if (failures.length === 0) {
        passed += 1;
        console.log(`✓ ${target.name}, kill ${cycle}: ${counts}, all there and whole`);
      } else {
        failed += 1;
        console.log(`✗ ${target.name}, kill ${cycle}: ${counts}\n  ${failures.slice(0, 20).join('\n  ')}`);
      }
    }
  } finally {
    await kill(child, 'SIGTERM');
  }
  return { passed, failed };
}

async function main() {
  const targets: Target[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'sejour-crash-'));
  targets.push({
    name: 'embedded database',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `sejour_crash_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const pgData = mkdtempSync(join(tmpdir(), 'sejour-crash-pg-'));
    targets.push({
      name: 'PostgreSQL',
      env: { DATA_DIR: pgData, DATABASE_URL: dbUrl.toString() },
      cleanup: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
        rmSync(pgData, { recursive: true, force: true });
      },
    });
  }
  let passed = 0;
  let failed = 0;
  for (const target of targets) {
    try {
      const result = await runOn(target);
      passed += result.passed;
      failed += result.failed;
    } catch (error) {
      failed += 1;
      console.log(`✗ ${target.name}: ${(error as Error).message}`);
    } finally {
      await target.cleanup();
    }
  }
  console.log(`\ncrash: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
