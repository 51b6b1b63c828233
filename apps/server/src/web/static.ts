import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routePages } from './route-preload';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; `index.html` never, so a new
 * version is picked up at the next visit. The build writes each text file compressed beside it (`.br`,
 * `.gz`): they are sent as they are to a browser that accepts them. Returns the page to send for an
 * address of the app (`index.html` with that address's chunks to preload), or null when no build was found.
 */
export async function serveWebApp(
  app: FastifyInstance,
  root: string,
): Promise<((urlPath: string) => string) | null> {
  if (!existsSync(join(root, 'index.html'))) return null;
  const assets = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    // One route per built file, registered at start: unknown paths fall through to the not-found handler.
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      res.header(
        'cache-control',
        path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return routePages(root);
}
