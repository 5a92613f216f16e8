/**
 * A starting process waits for its database (issue 33): compose starts everything at once and a database may be
 * restarting, so one that cannot be reached yet is tried again with backoff (0.5 s doubling to 5 s) for a bounded
 * time (DATABASE_WAIT_SECONDS), one line per try. A database that answers but refuses us — a wrong password, an
 * unknown role or database — will not change its mind: one line saying what to fix, and the process stops (exit 1).
 * No stack traces: these are configuration, not bugs.
 */
import pg from 'pg';
import { isDatabaseUnavailable } from './database-outage';
import type { ProcessLog } from './services/ops/log';

export interface DatabaseWait {
  /** How long to keep trying a database that cannot be reached (ms). */
  waitMs: number;
  /** First wait between tries; it doubles up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** What a failed connection says about the configuration: retry (not reachable yet) or the fix to make. */
export function connectFailure(err: unknown, url: string): { retry: boolean; message: string } {
  const { code, message } = err as { code?: string; message?: string };
  const target = new URL(url);
  const role = decodeURIComponent(target.username) || '(the current user)';
  const database = decodeURIComponent(target.pathname.slice(1)) || role;
  const said = message ?? String(err);
  if (code === '28P01') {
    return {
      retry: false,
      message: `the database refused the password of role "${role}" (${said}): set PGPASSWORD, or the password in DATABASE_URL (percent-encoded), to that role's password`,
    };
  }
  if (/password must be a string|no password supplied/i.test(said)) {
    return {
      retry: false,
      message: `the database asks role "${role}" for a password and none is set: set PGPASSWORD, or the password in DATABASE_URL (percent-encoded)`,
    };
  }
  if (code === '28000') {
    return {
      retry: false,
      message: `the database does not let role "${role}" connect to "${database}" (${said}): check the role in DATABASE_URL, that it may log in, and pg_hba.conf`,
    };
  }
  if (code === '3D000') {
    return {
      retry: false,
      message: `database "${database}" does not exist (${said}): create it (docs/operations.md, The database role) or correct the name in DATABASE_URL`,
    };
  }
  if (isDatabaseUnavailable(err)) return { retry: true, message: said };
  return { retry: false, message: `cannot use the database at ${target.host} (${said}): check DATABASE_URL` };
}

async function tryOnce(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    application_name: 'pippitch-start',
    connectionTimeoutMillis: 5_000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Resolves once the database answers. Otherwise logs one line (level 50) saying what to fix and exits 1. (A stop
 * signal meanwhile ends the process at once: core/src/lifecycle.ts.)
 */
export async function waitForDatabase(url: string, log: ProcessLog, options: DatabaseWait): Promise<void> {
  const started = Date.now();
  const host = new URL(url).host;
  let delay = options.firstDelayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    try {
      await tryOnce(url);
      if (attempt > 1) log.info(`database at ${host} reached after ${attempt} tries`);
      return;
    } catch (err) {
      const failure = connectFailure(err, url);
      if (!failure.retry) return stop(log, failure.message);
      const waited = Date.now() - started;
      if (waited + delay > options.waitMs) {
        const seconds = Math.round(waited / 1000);
        return stop(
          log,
          `the database at ${host} is still not reachable after ${attempt} tries in ${seconds} s (${failure.message}): check DATABASE_URL's host and port, and that PostgreSQL is running (DATABASE_WAIT_SECONDS sets how long to wait)`,
        );
      }
      log.warn(
        `database at ${host} not reachable yet (${failure.message}); try ${attempt}, next in ${(delay / 1000).toFixed(1)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(options.maxDelayMs ?? 5_000, delay * 2);
    }
  }
}

function stop(log: ProcessLog, message: string): never {
  log.error(message);
  process.exit(1);
}
