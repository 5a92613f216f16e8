import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
// Any constant works; it only has to be the same for every process that migrates this database.
const MIGRATION_LOCK = 727_001;

export interface MigrationResult {
  applied: string[];
}

/** Numbered plain-SQL files in sql/migrations, applied in order, each in its own transaction. */
export async function listMigrations(): Promise<string[]> {
  const files = await readdir(MIGRATIONS_DIR);
  return files.filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
}

/**
 * Applies every migration not yet recorded in `schema_migrations`. Server, worker and tests may start
 * together, so an advisory lock makes the second caller wait and then find nothing left to do.
 */
export async function migrate(url: string, log: (line: string) => void = () => {}): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: url, application_name: 'pippitch-migrate' });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SET client_min_messages = warning');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const file of await listMigrations()) {
      if (done.has(file)) continue;
      const sql = await readFile(join(MIGRATIONS_DIR, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
      applied.push(file);
      log(`applied migration ${file}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
  return { applied };
}
