/** Small helpers shared by the benchmark scripts: percentiles, timing and a throw-away database. */
import { ensureDatabase, migrate, startTemporaryPostgres } from '../../sql/src/index';

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;

export async function timeIt(samples: number[], run: () => Promise<unknown>): Promise<void> {
  const t = performance.now();
  await run();
  samples.push(performance.now() - t);
}

/** A migrated database on a throw-away embedded cluster (or TEST_DATABASE_URL's server). */
export async function benchDatabase(name: string): Promise<{ url: string; close(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const url = await ensureDatabase(process.env.TEST_DATABASE_URL, `bench_${name}_${process.pid}`);
    await migrate(url);
    return { url, close: async () => {} };
  }
  const cluster = await startTemporaryPostgres(`bench-${name}`);
  const url = await ensureDatabase(cluster.url, 'bench');
  await migrate(url);
  return { url, close: () => cluster.stop() };
}
