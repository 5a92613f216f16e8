/**
 * Generates sql/src/types.gen.ts from a freshly migrated database (`--write`), or fails when the committed
 * file no longer matches the migrations (`--check`, run by `pnpm test`).
 * Uses a throw-away database on DATABASE_URL's server, or a throw-away embedded cluster.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureDatabase, startTemporaryPostgres } from '../embedded';
import { migrate } from '../migrate';

const mode = process.argv.includes('--write') ? 'write' : 'check';
const sqlDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outFile = join(sqlDir, 'src', 'types.gen.ts');

async function main(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const cluster = await startTemporaryPostgres('codegen');
    adminUrl = cluster.url;
    stop = cluster.stop;
  }
  const name = `pippitch_codegen_${process.pid}`;
  const url = await ensureDatabase(adminUrl, name);
  try {
    await migrate(url);
    const args = [
      '--dialect',
      'postgres',
      '--url',
      url,
      '--out-file',
      outFile,
      '--exclude-pattern',
      // The migrator's bookkeeping and pg-boss's own tables (pg-boss 10's of 0008, pg-boss 12's of 0047): only
      // pg-boss reads and writes those.
      '{*.schema_migrations,pgboss.*,pgboss_v12.*}',
      // Matches the type parsers in connection.ts: dates stay 'YYYY-MM-DD' strings, bigints are numbers.
      '--date-parser',
      'string',
      '--type-mapping',
      JSON.stringify({ int8: 'number' }),
      ...(mode === 'check' ? ['--verify'] : []),
    ];
    const bin = join(sqlDir, 'node_modules', '.bin', 'kysely-codegen');
    try {
      execFileSync(bin, args, { stdio: 'inherit', cwd: sqlDir });
    } catch {
      if (mode === 'check') {
        console.error('sql/src/types.gen.ts is out of date with sql/migrations: run `pnpm db:types` and commit it.');
      }
      process.exitCode = 1;
    }
  } finally {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await admin.end();
    await stop();
  }
}

await main();
