/**
 * Imports Dukascopy minute bars for one pair, replacing the simulated bars of those minutes:
 *
 *   tsx worker/src/bin/import-dukascopy.ts --pair GBPUSD gbpusd-m1.csv [--database-url postgres://…]
 *
 * Without --database-url it uses DATABASE_URL, else the embedded PostgreSQL in DATA_DIR (as `pnpm start` does).
 * Bars are stored with source 'import'; importing the same file again changes nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@pippitch/core/config';
import { importBars, parseDukascopyCsv } from '@pippitch/core/market';
import { isStoredPair, STORED_PAIRS } from '@pippitch/shared/pairs';
import { createDb, createPool, ensureDatabase, migrate, startEmbeddedPostgres } from '@pippitch/sql';

const USAGE = 'usage: tsx worker/src/bin/import-dukascopy.ts --pair GBPUSD file.csv [--database-url URL]';
const ROOT = join(import.meta.dirname, '..', '..', '..');

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { pair: { type: 'string' }, 'database-url': { type: 'string' } },
    allowPositionals: true,
  });
  const pair = values.pair?.toUpperCase();
  const file = positionals[0];
  if (!pair || !file || positionals.length !== 1) throw new Error(USAGE);
  if (!isStoredPair(pair)) {
    throw new Error(`--pair must be one of ${STORED_PAIRS.join(', ')} (GBPEUR is stored as EURGBP)`);
  }
  const bars = parseDukascopyCsv(readFileSync(file, 'utf8'));
  console.log(
    `${file}: ${bars.length} bars${bars.length ? ` from ${iso(bars[0]!.ts)} to ${iso(bars.at(-1)!.ts)}` : ''}`,
  );

  const config = loadConfig();
  let url = values['database-url'] ?? config.databaseUrl;
  let stopDatabase = async () => {};
  if (!url) {
    const embedded = await startEmbeddedPostgres({ dataDir: join(ROOT, config.dataDir, 'pg'), log: console.log });
    stopDatabase = embedded.stop;
    url = await ensureDatabase(embedded.url, 'pippitch');
  }
  try {
    await migrate(url);
    const pool = createPool(url, { max: 1, applicationName: 'pippitch-import' });
    try {
      const r = await importBars(createDb(pool), pair, bars);
      console.log(`${pair}: ${r.inserted} added, ${r.updated} replaced, ${r.unchanged} unchanged`);
    } finally {
      await pool.end();
    }
  } finally {
    await stopDatabase();
  }
}

function iso(d: Date): string {
  return d.toISOString().replace('.000Z', 'Z');
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
