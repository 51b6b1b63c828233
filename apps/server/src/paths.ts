import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package folder, found from this file whether it runs from `src/` (tsx) or `dist/` (bundle). */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    dir = resolve(dir, '..');
  }
  throw new Error('Cannot find the server package folder (drizzle/meta/_journal.json).');
}

export const serverRoot = findServerRoot();
export const migrationsFolder = join(serverRoot, 'drizzle');
export const webDistFolder = resolve(serverRoot, '..', 'web', 'dist');
