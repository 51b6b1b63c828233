#!/usr/bin/env node
// `npm start`: builds what is missing or out of date, then runs the server, which migrates the database,
// creates the first super-administrator on an empty one and serves the web app and the API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const outputs = { web: 'apps/web/dist/index.html', server: 'apps/server/dist/main.js' };
const sources = {
  web: ['apps/web/src', 'apps/web/index.html', 'packages/domain/src'],
  server: ['apps/server/src', 'packages/domain/src'],
};
// The server's build also emits the offload pool's worker beside main.js: without it, exports would fail.
const companions = { web: [], server: ['apps/server/dist/offload-worker.js'] };
const stale = (name) =>
  !existsSync(outputs[name]) ||
  companions[name].some((file) => !existsSync(file)) ||
  sources[name].some(
    (s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs) > statSync(outputs[name]).mtimeMs,
  );

for (const name of ['web', 'server']) {
  if (!stale(name)) continue;
  console.log(`Building the ${name} app…`);
  const status = spawnSync('npm', ['run', 'build', '-w', `@sejour/${name}`], { stdio: 'inherit' }).status;
  if (status !== 0) process.exit(status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', outputs.server], { stdio: 'inherit' });
// The server shuts down gracefully on these; pass them on rather than leave it orphaned.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
