/**
 * `pnpm jobs` (in the image: `node bin/jobs.js`): what the job queues hold — per queue, jobs queued, waiting to
 * retry, running, completed, failed and retried — the schedules, and the last failures with their errors. Reads
 * DATABASE_URL, or else the database of a running `pnpm start` (embedded PostgreSQL in .data/pg).
 */
import { resolve } from 'node:path';
import { loadConfig } from '@pippitch/core/config';
import { type JobStatus, jobStatus } from '@pippitch/core/ops-figures';
import { createDb, createPool } from '@pippitch/sql';
import { runningEmbeddedPostgres } from '@pippitch/sql/local-cluster';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
// The database the launcher (server/src/launch/main.ts) creates on the embedded cluster.
const LAUNCHER_DATABASE = 'pippitch';

async function databaseUrl(): Promise<string | undefined> {
  const config = loadConfig();
  if (config.databaseUrl) return config.databaseUrl;
  const cluster = await runningEmbeddedPostgres(resolve(ROOT, config.dataDir, 'pg'));
  if (!cluster) return undefined;
  const url = new URL(cluster.url);
  url.pathname = `/${LAUNCHER_DATABASE}`;
  return url.toString();
}

/** Columns padded to their widest cell; counts right-aligned, words left-aligned. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^\d+$/.test(r[i] ?? '')));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function print(status: JobStatus): void {
  console.log('Queues (completed and failed: about the last 12 hours)\n');
  console.log(
    table(
      ['queue', 'queued', 'retry', 'active', 'completed', 'failed', 'retried'],
      status.queues.map((q) => [
        q.name,
        ...[q.queued, q.retry, q.active, q.completed, q.failed, q.retried].map(String),
      ]),
    ),
  );
  if (status.schedules.length > 0) {
    console.log('\nSchedules\n');
    console.log(
      table(
        ['queue', 'cron', 'time zone'],
        status.schedules.map((s) => [s.name, s.cron, s.timezone]),
      ),
    );
  }
  console.log(status.failures.length ? '\nLast failures\n' : '\nNo failures in the last 7 days.');
  for (const f of status.failures) {
    console.log(`${f.failedAt.toISOString()}  ${f.queue}  ${f.id}  after ${f.attempts} attempt(s)`);
    console.log(`  ${f.error.split('\n')[0]}`);
  }
}

const url = await databaseUrl();
if (!url) {
  console.error('No DATABASE_URL, and no `pnpm start` running on .data/pg: start it, or set DATABASE_URL.');
  process.exit(1);
}
const db = createDb(createPool(url, { max: 1, applicationName: 'pippitch-jobs-status' }));
try {
  print(await jobStatus(db));
} finally {
  await db.destroy();
}
