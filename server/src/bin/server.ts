/** The API + web server process. The launcher (server/src/launch) starts it with DATABASE_URL set. */
import type { AddressInfo } from 'node:net';
import { createDb, createPool } from '@pippitch/sql';
import { buildApp } from '../api/app';
import { startProcess } from '../process-start';
import { seedDemoOnce } from '../seed/once';
import { loadCompanyIndex } from '../services/companies/index';

// Before anything else: its own shutdown (the graceful close below), the configuration, the log, the migrations.
const { config, databaseUrl, log } = await startProcess('server');
// DEMO_DATA=true (never the production default) creates the demo company here too, not only under the launcher.
if (config.demoData) await seedDemoOnce(databaseUrl, log);
const pool = createPool(databaseUrl, {
  max: 20,
  applicationName: 'pippitch-server',
  timeouts: 'request',
  warn: log.warn,
});
const db = createDb(pool);
// The bundled UK company index for the Company Finder: loaded once, skipped when already current.
await loadCompanyIndex(pool, log);
const app = await buildApp({
  config,
  db,
});

try {
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    log.error(`port ${config.port} is already in use: stop the other program or start with PORT=<another port>`);
    process.exit(1);
  }
  throw err;
}
process.send?.({ type: 'listening', port: (app.server.address() as AddressInfo).port });

/**
 * Stops within Docker's 10 s: no new connections; idle keep-alive connections closed at once (Fastify's
 * forceCloseConnections: 'idle'); requests in flight get shutdownGraceMs to finish, then every connection still
 * open (a slow handler, a client trickling its request, a WebSocket) is cut. A last timer exits regardless.
 */
async function shutdown(): Promise<void> {
  app.log.info({ graceMs: config.shutdownGraceMs }, 'shutting down');
  const cut = setTimeout(() => {
    app.log.warn('shutdown: cutting the connections still open');
    app.server.closeAllConnections();
  }, config.shutdownGraceMs);
  cut.unref();
  // A response finished during the grace leaves its keep-alive connection idle: close those as they appear.
  const idle = setInterval(() => app.server.closeIdleConnections(), 250);
  idle.unref();
  setTimeout(() => {
    app.log.error('shutdown: still not closed; exiting');
    process.exit(1);
  }, config.shutdownGraceMs + 2_000).unref();
  await app.close(); // also stops the quote hub, the series cache and the session watch
  clearTimeout(cut);
  clearInterval(idle);
  await db.destroy();
  app.log.info('stopped');
  process.exit(0);
}
// `on`, not `once`: under the launcher Ctrl+C brings SIGINT from the terminal and SIGTERM from the launcher.
let stopping = false;
const stopOnce = () => {
  if (stopping) return;
  stopping = true;
  void shutdown();
};
process.on('SIGTERM', stopOnce);
process.on('SIGINT', stopOnce);
