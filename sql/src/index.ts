// Everything: the production runtime (runtime.ts) and embedded PostgreSQL for `pnpm start`, tests and tools.

// Named exports win over the star export: here manageShutdownOurselves is the embedded one, which matters.
export {
  type EmbeddedDatabase,
  ensureDatabase,
  freePort,
  manageShutdownOurselves,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
  startTemporaryPostgres,
} from './embedded';
export * from './runtime';
