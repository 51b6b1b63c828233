import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routePages } from './route-preload';

/** Images outside the hashed assets (the logo, also the favicon): one page uses them several times. */
const UNHASHED_IMAGE = /\.(svg|png|ico)$/;

/** What a browser may keep of a built file: see serveWebApp. */
function cachePolicy(path: string, assets: string): string {
  if (path.startsWith(assets)) return 'public, max-age=31536000, immutable';
  if (UNHASHED_IMAGE.test(path)) return 'public, max-age=86400';
  return 'no-cache';
}

/**
 * Serves the built single-page app. Hashed assets are cached for a year; images of a fixed name (the logo,
 * shown by the page's frame, the favicon and the shell alike) for a day, so one visit asks for them once and
 * a new logo shows within a day; `index.html` and the other files never, so a new version is picked up at the
 * next visit. The build writes each text file compressed beside it (`.br`,
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
      res.header('cache-control', cachePolicy(path, assets));
    },
  });
  return routePages(root);
}
