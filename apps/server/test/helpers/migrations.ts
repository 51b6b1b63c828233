import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../../src/paths';

/** A copy of the migrations folder that stops before `tag`: a database as the schema before it leaves it. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sejour-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  if (stop < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return dir;
}
