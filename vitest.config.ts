import { defineConfig } from 'vitest/config';

// Four projects: pure unit tests (shared, web, and the server's and worker's *.unit.test.ts: transforms and other
// code without I/O), integration tests against real PostgreSQL (one database per test file, cloned from a migrated
// template), the TimescaleDB-only rehearsals that test/timescaledb.sh runs, and browser journeys in real Chromium
// against the built app.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/test/**/*.test.ts',
            'web/test/**/*.test.ts',
            'server/test/**/*.unit.test.ts',
            'worker/test/**/*.unit.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/test/**/*.test.ts', 'worker/test/**/*.test.ts', 'sql/test/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/*.timescaledb.test.ts', '**/node_modules/**'],
          globalSetup: ['test/global-setup.ts'],
          // Deadlines only end a broken run; no test passes by speed. On a busy machine (load average 10 on two
          // cores, CI beside three other suites) the Dukascopy backfill test took over 60 s; it takes 10 s when
          // quiet. Three minutes leaves room for that and still ends a hang long before CI's 90.
          testTimeout: 180_000,
          hookTimeout: 240_000,
          pool: 'forks',
          // Two files at a time on the two-core machine (vitest's default is one fewer than the cores): most of a
          // file's time is waiting — on PostgreSQL, on a child process, on a socket — and each file has a database
          // of its own (issue 36 §5).
          maxWorkers: 2,
        },
      },
      {
        // Only with TimescaleDB and a second, empty cluster: test/timescaledb.sh runs it (the restore rehearsal).
        test: {
          name: 'timescaledb',
          include: ['**/*.timescaledb.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 600_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'browser',
          include: ['web/e2e/**/*.e2e.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 300_000,
          pool: 'forks',
          // Two journeys at a time (issue 36 §5): each has its own server, database and Chromium, and spends most of
          // its time waiting on the page; every wait is for a condition, never a duration.
          maxWorkers: 2,
        },
      },
    ],
  },
});
