/**
 * The backfill as the worker runs it, in a process of its own so its memory is measured alone (bench/backfill.ts
 * starts it). argv: database URL, Dukascopy root, now (ms), from (ms). Prints one JSON line with the run and the
 * process's peak RSS.
 */

import { runBackfill } from '../core/src/market/ingest/backfill/run';
import { createDukascopyProvider } from '../core/src/market/vendors/dukascopy/client';
import { createDb, createPool } from '../sql/src/index';

const [url, root, now, from] = process.argv.slice(2);
const pool = createPool(url!, { max: 2, applicationName: 'bench-backfill' });
const provider = createDukascopyProvider({ baseUrl: root!, minIntervalMs: 0, now: () => Number(now) });
const t0 = performance.now();
const run = await runBackfill({ db: createDb(pool), provider, now: () => Number(now), fromMs: Number(from) });
const wallMs = performance.now() - t0;
await pool.end();
console.log(
  JSON.stringify({
    bars: run.bars,
    chunks: run.chunks,
    error: run.error ?? null,
    wallMs,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
