/**
 * The API + web server (started by bin/server.ts, which has caught the stop signals first). From the moment it has
 * a pool, a stop signal runs the graceful shutdown below, whatever start-up has reached.
 */
import type { AddressInfo } from 'node:net';
import { onStop, stopSignal, tellParent } from '@pippitch/core/lifecycle';
import { startProcess } from '@pippitch/core/process-start';
import { loadCompanyIndex } from '@pippitch/core/uk-companies';
import { cancelRunningQueries, createDb, createPool } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './api/app';
import { seedDemoOnce } from './seed/once';

// Its configuration, the log, the database (waited for) and the migrations; any of them failing is one line, exit 1.
const { config, databaseUrl, log } = await startProcess('server');
const pool = createPool(databaseUrl, {
  max: 20,
  applicationName: 'pippitch-server',
  timeouts: 'request',
  warn: log.warn,
});
const db = createDb(pool);
let app: FastifyInstance | undefined;
let listening = false;
onStop(shutdown);

const startup = (async () => {
  // DEMO_DATA=true (never the production default) creates the demo company here too, not only under the launcher.
  if (config.demoData) await seedDemoOnce(databaseUrl, log);
  stopSignal.throwIfAborted();
  // The bundled UK company index for the Company Finder: loaded once, skipped when already current.
  await loadCompanyIndex(pool, log);
  stopSignal.throwIfAborted();
  app = await buildApp({ config, db });
  stopSignal.throwIfAborted();
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    log.error(`port ${config.port} is already in use: stop the other program or start with PORT=<another port>`);
    process.exit(1);
  }
  listening = true;
  tellParent({ type: 'listening', port: (app.server.address() as AddressInfo).port });
})();
startup.catch((err: Error) => {
  if (stopSignal.aborted) return; // cut short by the shutdown, which waits for it
  log.error(`start-up failed: ${err.message}`, err);
  process.exit(1);
});

/**
 * Stops within Docker's 10 s and exits 0: no new connections; idle keep-alive connections closed at once (Fastify's
 * forceCloseConnections: 'idle'); requests in flight get shutdownGraceMs to finish, then every connection still
 * open (a slow handler, a client trickling its request, a WebSocket) is cut and the statements of the requests
 * still running are cancelled (sql/src/connection.ts), so the pool closes. A start-up still running is cut short the
 * same way. A last timer exits 1 should anything still hold on.
 */
async function shutdown(signal: string): Promise<void> {
  log.info(`${signal}: shutting down (requests in flight get ${config.shutdownGraceMs} ms)`);
  setTimeout(() => {
    log.error('shutdown: still not closed 2 s after the grace; exiting');
    process.exit(1);
  }, config.shutdownGraceMs + 2_000).unref();
  const closing = listening && app ? app.close() : undefined; // at once: stop accepting before anything else
  const cut = setTimeout(() => {
    log.warn('shutdown: cutting the connections still open');
    app?.server.closeAllConnections();
    void cancelRunningQueries(pool).catch(() => 0);
  }, config.shutdownGraceMs);
  cut.unref();
  // A response finished during the grace leaves its keep-alive connection idle: close those as they appear.
  const idle = setInterval(() => app?.server.closeIdleConnections(), 250);
  idle.unref();
  if (!listening) {
    await cancelRunningQueries(pool).catch(() => 0);
    await startup.catch(() => {});
  }
  // Also stops the quote hub, the series cache and the session watch (or, built but never listening, just those).
  await (closing ?? app?.close());
  clearTimeout(cut);
  clearInterval(idle);
  await db.destroy();
  log.info('stopped');
  process.exit(0);
}
