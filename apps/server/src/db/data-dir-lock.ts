import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database must never be opened by two processes: PGlite takes no lock of its own. The server
 * writes its process id to `DATA_DIR/server.pid` while it runs; the backup and restore commands refuse to
 * touch a folder whose server is alive. A file left by a process that died (a crash, `SIGKILL`) is stale and
 * taken over.
 */

const lockFile = (dataDir: string) => join(dataDir, 'server.pid');

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The id of the live process holding the folder, if any. */
export function dataDirHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  } catch {
    return undefined;
  }
  return isAlive(pid) ? pid : undefined;
}

/** Takes the folder for this process; throws when a live one holds it. Returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined) {
    throw new Error(`${dataDir} is in use by process ${holder}: stop that server first.`);
  }
  writeFileSync(lockFile(dataDir), `${process.pid}\n`);
  return () => {
    if (dataDirHolder(dataDir) === undefined) rmSync(lockFile(dataDir), { force: true });
  };
}
