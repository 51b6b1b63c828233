#!/usr/bin/env node
// `npm run dev`: the API with reload on :3000 (tsx watch, which restarts the server when a source of the
// server or the domain changes) and Vite's dev server on :5173, which reloads the web app and proxies
// `/api` to :3000 (apps/web/vite.config.ts). Open http://localhost:5173. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const children = [
  // The API on :3000 (Vite proxies to it), on the same data folder as `npm start` (the workspace runs in
  // apps/server, where the default `./data` would be another, empty database). In development, mails without
  // SMTP_URL have their links logged.
  spawn('npm', ['run', 'dev', '-w', '@sejour/server'], {
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      ...process.env,
      PORT: '3000',
      DATA_DIR: resolve(process.env.DATA_DIR ?? 'data'),
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@sejour/web', '--', '--port', '5173', '--strictPort'], {
    stdio: 'inherit',
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
// One of them stopping on its own (a port taken, a crash at start) stops the other: half a dev setup misleads.
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
