import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type OperatorDetails, SAMPLE_OPERATOR } from '@pippitch/shared/operator';
import type { FastifyInstance } from 'fastify';
import { registerPublicPages } from './public-pages';

// server/src/api/http → the repository root → web/dist
export const WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'web', 'dist');

/**
 * Serves the built web app. Hashed assets are cached for a year; every other path gets index.html so
 * the client router can take it (unknown paths are sent to / there).
 */
export async function registerWebApp(
  app: FastifyInstance,
  dist = WEB_DIST,
  publicUrl = 'http://localhost:3000',
  operator: OperatorDetails = SAMPLE_OPERATOR,
): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) {
    app.log.warn(`web app not built (${dist}); run pnpm --filter @pippitch/web build`);
    registerPlainNotFound(app);
    return;
  }
  // The public pages with their own head tags, sitemap.xml and robots.txt (before the files: exact routes win).
  registerPublicPages(app, dist, publicUrl, operator);
  await app.register(fastifyStatic, {
    root: dist,
    // Look files up per request (not a list made at start), so a rebuilt web app is served without a restart.
    wildcard: true,
    // The build writes .br and .gz beside every text file (web/build/precompress.ts): sent as they are to
    // browsers that accept them (the main script: 319 KB as is, under 100 KB compressed).
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.method !== 'GET' || req.url.startsWith('/trpc') || req.url.startsWith('/api')) {
      return reply.code(404).send({ error: 'Not found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/**
 * A bare 404 for every unknown path when no web app is served. Fastify's own would log "Route GET:/join?token=…
 * not found", query string and all, and a join link's token must never reach a log line.
 */
export function registerPlainNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: 'Not found' }));
}
