/**
 * `npm run lint` step: fails when an import goes the wrong way, or a web feature writes an API path or builds a
 * URL by hand (rules in scripts/import-rules.ts).
 * `tsx scripts/check-imports.ts [root]` checks the TypeScript sources of the workspace under `root`.
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { checkImports, type SourceFile } from './import-rules';

const SOURCE_ROOTS = ['packages/domain/src', 'apps/web/src', 'apps/server/src'];
const SKIPPED = new Set(['node_modules', 'dist']);

function sources(root: string, dir: string, found: SourceFile[]) {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) sources(root, path, found);
    } else if (/\.(ts|tsx|mts|cts)$/.test(entry.name)) {
      found.push({ path: path.split(sep).join('/'), text: readFileSync(join(root, path), 'utf8') });
    }
  }
  return found;
}

const root = process.argv[2] ?? process.cwd();
const files = SOURCE_ROOTS.flatMap((dir) => sources(root, dir, []));
const violations = checkImports(files);
for (const v of violations) {
  const what = v.kind ? v.specifier : `import '${v.specifier}'`;
  console.error(`${v.file}:${v.line}  ${what}: ${v.reason}`);
}
if (violations.length > 0) {
  console.error(
    `\n${violations.length} wrong-way import(s) or API path(s) in features: see docs/decisions/0007-one-way-imports.md`,
  );
  process.exit(1);
}
console.log(
  `Imports: ${files.length} files checked, every import goes one way, no feature writes an API path (${relative('.', root) || '.'}).`,
);
