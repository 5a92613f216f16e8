export {
  createDb,
  createPool,
  type Database,
  poolTimeouts,
  TIMEOUTS,
  type TimeoutProfile,
  type Timeouts,
} from './connection';
export {
  type EmbeddedDatabase,
  ensureDatabase,
  freePort,
  manageShutdownOurselves,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
  startTemporaryPostgres,
} from './embedded';
export { type Listener, listen } from './listen';
export { listMigrations, migrate } from './migrate';
export type * from './types.gen';
