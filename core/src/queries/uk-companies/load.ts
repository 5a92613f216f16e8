/**
 * The loader's writes (services/uk-companies/load/load-index.ts): the company index and the SIC tables replaced
 * whole from the bundled files, in the caller's transaction. Public reference data, no company's rows: no scope.
 */
import type { Database, Row } from '@pippitch/sql';
import { type RawBuilder, sql } from 'kysely';

// Any constant: it only has to be the same in every process that loads this database.
const LOAD_LOCK = 727_003;
// Rows per INSERT: one jsonb parameter each, a few MB at most.
const BATCH = 2_000;

/** What the loader writes: the tables' rows as the loader builds them (load/rows.ts), ids left to the sequence. */
export interface IndexTables {
  hierarchy: readonly Row<'sic_hierarchy'>[];
  sicCodes: readonly Row<'sic_codes'>[];
  companies: readonly Omit<Row<'company_index'>, 'id'>[];
}

// One statement per batch: the rows travel as a single jsonb array and Postgres unpacks them, which is about as
// fast as COPY for ~11k rows without another dependency. JSON arrays become text[] columns directly.
const INSERT_HIERARCHY = (json: string) => sql`INSERT INTO sic_hierarchy (code, parent_code, level, name)
  SELECT code, parent_code, level, name
  FROM jsonb_to_recordset(${json}::jsonb) AS r(code text, parent_code text, level text, name text)`;

const INSERT_SIC_CODES = (json: string) => sql`INSERT INTO sic_codes
    (code, name, subclass_code, class_code, group_code, division_code, section_code)
  SELECT code, name, subclass_code, class_code, group_code, division_code, section_code
  FROM jsonb_to_recordset(${json}::jsonb) AS r(code text, name text, subclass_code text, class_code text,
    group_code text, division_code text, section_code text)`;

const COMPANY_COLUMNS = `company_number text, name text, previous_name text, normalized_name text, industry text,
  sic_codes text[], sic_subclasses text[], sic_classes text[], sic_groups text[], sic_divisions text[],
  sic_sections text[], address text, locality text, postcode text, postcode_area text, region text, size_band text,
  size_rank smallint, company_type text, sector text, is_subsidiary boolean, parent_name text`;

const COMPANY_NAMES = COMPANY_COLUMNS.split(',')
  .map((c) => c.trim().split(/\s+/)[0])
  .join(', ');

// Constant text of this file, never input: safe as raw SQL.
const INSERT_COMPANIES = (json: string) => sql`INSERT INTO company_index (${sql.raw(COMPANY_NAMES)})
  SELECT ${sql.raw(COMPANY_NAMES)} FROM jsonb_to_recordset(${json}::jsonb) AS r(${sql.raw(COMPANY_COLUMNS)})`;

async function insertBatches(
  trx: Database,
  insert: (json: string) => RawBuilder<unknown>,
  rows: readonly object[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await insert(JSON.stringify(rows.slice(i, i + BATCH))).execute(trx);
  }
}

/** Makes a second loader (server and worker start together) wait for this transaction, then find the work done. */
export async function lockIndexLoad(trx: Database): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${LOAD_LOCK})`.execute(trx);
}

/** The data version loaded, if any, and how many companies it holds. */
export function loadedIndexVersion(
  trx: Database,
): Promise<Pick<Row<'company_index_meta'>, 'data_version' | 'company_count'> | undefined> {
  return trx.selectFrom('company_index_meta').select(['data_version', 'company_count']).executeTakeFirst();
}

/** Replaces the three tables' rows with `tables` and records the version they are. */
export async function replaceIndexTables(trx: Database, tables: IndexTables, version: string): Promise<void> {
  // Reference data only (no tenant rows point here), so a changed version simply replaces it all.
  await sql`TRUNCATE company_index, sic_codes, sic_hierarchy RESTART IDENTITY`.execute(trx);
  await insertBatches(trx, INSERT_HIERARCHY, tables.hierarchy);
  await insertBatches(trx, INSERT_SIC_CODES, tables.sicCodes);
  await insertBatches(trx, INSERT_COMPANIES, tables.companies);
  await sql`INSERT INTO company_index_meta (singleton, data_version, company_count)
    VALUES (true, ${version}, ${tables.companies.length})
    ON CONFLICT (singleton) DO UPDATE
    SET data_version = EXCLUDED.data_version, company_count = EXCLUDED.company_count, loaded_at = now()`.execute(trx);
}

/**
 * Fresh statistics, so the first finder queries are planned on the real row counts; the vacuum sets hint bits and
 * the visibility map now rather than during the first searches. Outside any transaction (VACUUM cannot run in one).
 */
export async function vacuumIndexTables(db: Database): Promise<void> {
  await sql`VACUUM (ANALYZE) sic_hierarchy, sic_codes, company_index`.execute(db);
}
