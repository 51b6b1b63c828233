import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Below this, compression gains nothing worth a second request path. */
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (best quality) and a `.gz` beside each text file of the build, once: the server sends them
 * as they are (`@fastify/static`'s `preCompressed`) instead of compressing every answer again.
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sejour-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          if ((await stat(path)).size < MIN_BYTES || file.startsWith('.vite')) return;
          const content = await readFile(path);
          await writeFile(
            `${path}.br`,
            await brotli(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            }),
          );
          await writeFile(`${path}.gz`, await gzipAsync(content, { level: 9 }));
        }),
      );
    },
  };
}
