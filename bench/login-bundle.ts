import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a first visit to /login downloads: the entry chunk, its static imports, the CSS, and the lazy
 * LoginPage route with its own static imports. Prints raw and gzip sizes.
 */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export function measureLoginBundle(distDir: string) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  const login = Object.keys(manifest).find((key) => key.endsWith('auth/LoginPage.tsx'));
  if (!entry || !login) throw new Error('manifest has no entry or LoginPage chunk: build the web app first');
  visit(entry);
  visit(login);
  let raw = 0;
  let gzip = 0;
  const rows: string[] = [];
  for (const file of [...files].sort()) {
    const content = readFileSync(join(distDir, file));
    const zipped = gzipSync(content).length;
    raw += content.length;
    gzip += zipped;
    rows.push(
      `  ${file.padEnd(48)} ${(content.length / 1024).toFixed(1).padStart(8)} KB ${(zipped / 1024).toFixed(1).padStart(7)} KB gz`,
    );
  }
  return { raw, gzip, rows };
}
