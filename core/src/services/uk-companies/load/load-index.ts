/**
 * Fills the Company Finder index from the bundled files on first start (design.md §4). Idempotent: a database that
 * already holds this data version is left alone, so every restart after the first costs one hash and one query.
 * Server and worker may start together; an advisory lock makes the second wait, then find the work done.
 *
 * Raw `pg` on one pool client, not Kysely in core/src/queries (issue 36 §2 left it here): a loader, not a query of
 * the product's — one transaction holding the lock, a TRUNCATE and jsonb batch inserts of ~11k rows, then a VACUUM
 * that must run outside it on the same connection. It writes only the public reference tables (no company's rows).
 */
import type pg from 'pg';
import { buildIndexRows, type CompanyRow, type HierarchyRow, type SicCodeRow } from './rows';
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

// Any constant: it only has to be the same in every process that loads this database.
const LOAD_LOCK = 727_003;
// Rows per INSERT: one jsonb parameter each, a few MB at most.
const BATCH = 2_000;

// One statement per batch: the rows travel as a single jsonb array and Postgres unpacks them, which is about as
// fast as COPY for ~11k rows without another dependency. JSON arrays become text[] columns directly.
const INSERT_HIERARCHY = `INSERT INTO sic_hierarchy (code, parent_code, level, name)
  SELECT code, parent_code, level, name
  FROM jsonb_to_recordset($1::jsonb) AS r(code text, parent_code text, level text, name text)`;

const INSERT_SIC_CODES = `INSERT INTO sic_codes
    (code, name, subclass_code, class_code, group_code, division_code, section_code)
  SELECT code, name, subclass_code, class_code, group_code, division_code, section_code
  FROM jsonb_to_recordset($1::jsonb) AS r(code text, name text, subclass_code text, class_code text,
    group_code text, division_code text, section_code text)`;

const COMPANY_COLUMNS = `company_number text, name text, previous_name text, normalized_name text, industry text,
  sic_codes text[], sic_subclasses text[], sic_classes text[], sic_groups text[], sic_divisions text[],
  sic_sections text[], address text, locality text, postcode text, postcode_area text, region text, size_band text,
  size_rank smallint, company_type text, sector text, is_subsidiary boolean, parent_name text`;

const COMPANY_NAMES = COMPANY_COLUMNS.split(',')
  .map((c) => c.trim().split(/\s+/)[0])
  .join(', ');

const INSERT_COMPANIES = `INSERT INTO company_index (${COMPANY_NAMES})
  SELECT ${COMPANY_NAMES} FROM jsonb_to_recordset($1::jsonb) AS r(${COMPANY_COLUMNS})`;

async function insertBatches(
  client: pg.PoolClient,
  sql: string,
  rows: ReadonlyArray<HierarchyRow | SicCodeRow | CompanyRow>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await client.query(sql, [JSON.stringify(rows.slice(i, i + BATCH))]);
  }
}

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
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOAD_LOCK]);
    const current = await client.query<{ data_version: string; company_count: number }>(
      'SELECT data_version, company_count FROM company_index_meta',
    );
    const loaded = current.rows[0];
    if (loaded?.data_version === version) {
      await client.query('COMMIT');
      return { status: 'unchanged', version, companies: loaded.company_count, ms: performance.now() - started };
    }
    const rows = buildIndexRows(parseSources(raw));
    // Reference data only (no tenant rows point here), so a changed version simply replaces it all.
    await client.query('TRUNCATE company_index, sic_codes, sic_hierarchy RESTART IDENTITY');
    await insertBatches(client, INSERT_HIERARCHY, rows.hierarchy);
    await insertBatches(client, INSERT_SIC_CODES, rows.sicCodes);
    await insertBatches(client, INSERT_COMPANIES, rows.companies);
    await client.query(
      `INSERT INTO company_index_meta (singleton, data_version, company_count) VALUES (true, $1, $2)
       ON CONFLICT (singleton) DO UPDATE
       SET data_version = EXCLUDED.data_version, company_count = EXCLUDED.company_count, loaded_at = now()`,
      [version, rows.companies.length],
    );
    await client.query('COMMIT');
    // Fresh statistics, so the first finder queries are planned on the real row counts; the vacuum sets hint bits
    // and the visibility map now rather than during the first searches.
    await client.query('VACUUM (ANALYZE) sic_hierarchy, sic_codes, company_index');
    const ms = performance.now() - started;
    log(`company index: loaded ${rows.companies.length} companies (${version}) in ${Math.round(ms)} ms`);
    return { status: 'loaded', version, companies: rows.companies.length, ms };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
