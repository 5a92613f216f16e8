/**
 * Fills the Company Finder index from the bundled files on first start (design.md §4). Idempotent: a database that
 * already holds this data version is left alone, so every restart after the first costs one hash and one query.
 * Server and worker may start together; an advisory lock makes the second wait, then find the work done.
 */
import { dbOnClient } from '@pippitch/sql';
import type pg from 'pg';
import {
  loadedIndexVersion,
  lockIndexLoad,
  replaceIndexTables,
  vacuumIndexTables,
} from '../../../queries/uk-companies/load';
import { buildIndexRows } from './rows';
import { DEFAULT_DATA_DIR, dataVersion, parseSources, readRawSources } from './sources';

export interface LoadOptions {
  /** Folder with the files of core/data/companies (tests and tools may point elsewhere). */
  dataDir?: string;
}

export interface LoadResult {
  status: 'loaded' | 'unchanged';
  version: string;
  companies: number;
  ms: number;
}

/** Takes the pool: one connection is held for the load, its transaction and then the vacuum (`dbOnClient`). */
export async function loadCompanyIndex(
  pool: pg.Pool,
  log: (line: string) => void = () => {},
  options: LoadOptions = {},
): Promise<LoadResult> {
  const started = performance.now();
  const raw = await readRawSources(options.dataDir ?? DEFAULT_DATA_DIR);
  const version = dataVersion(raw);
  const client = await pool.connect();
  try {
    const db = dbOnClient(client);
    const outcome = await db.transaction().execute(async (trx) => {
      await lockIndexLoad(trx);
      const loaded = await loadedIndexVersion(trx);
      if (loaded?.data_version === version) return { status: 'unchanged' as const, companies: loaded.company_count };
      const rows = buildIndexRows(parseSources(raw));
      await replaceIndexTables(trx, rows, version);
      return { status: 'loaded' as const, companies: rows.companies.length };
    });
    if (outcome.status === 'unchanged') return { ...outcome, version, ms: performance.now() - started };
    await vacuumIndexTables(db);
    const ms = performance.now() - started;
    log(`company index: loaded ${outcome.companies} companies (${version}) in ${Math.round(ms)} ms`);
    return { ...outcome, version, ms };
  } finally {
    client.release();
  }
}
