export { createDb, createPool, type Database } from './connection';
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
export { migrate } from './migrate';
export type * from './types.gen';
