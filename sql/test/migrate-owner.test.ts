import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { migrate } from '../src/migrate';

// Migrations run as the application's role, which owns its database but is not a superuser, after the one-time
// set-up docs/operations.md ("The database role") gives a superuser to do. This is that set-up, then every migration
// applied by the non-superuser (issue 23), and again (nothing left to do). The grant of pg_read_all_settings matters
// where TimescaleDB is installed (0002 reads shared_preload_libraries): test/timescaledb.sh runs this file there.
const suffix = randomBytes(4).toString('hex');
const role = `app_${suffix}`;
const database = `owner_${suffix}`;
const password = 'a/b#c?d e%f'; // what `openssl rand -base64 32` can produce, and worse

async function asAdmin(statements: string[], db?: string): Promise<void> {
  const url = new URL(inject('pgAdminUrl'));
  if (db) url.pathname = `/${db}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await asAdmin([`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`, `DROP ROLE IF EXISTS ${role}`]);
});

it('applies every migration as a non-superuser owner given the documented grants', async () => {
  await asAdmin([
    `CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password.replaceAll("'", "''")}'`,
    `CREATE DATABASE ${database} OWNER ${role}`,
  ]);
  // The one-time set-up (docs/operations.md). TimescaleDB is created where the cluster has it.
  const { rows } = await (async () => {
    const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await c.connect();
    try {
      return await c.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'timescaledb'
        AND current_setting('shared_preload_libraries') LIKE '%timescaledb%'`);
    } finally {
      await c.end();
    }
  })();
  await asAdmin(
    [
      ...(rows.length ? ['CREATE EXTENSION IF NOT EXISTS timescaledb'] : []),
      'CREATE EXTENSION IF NOT EXISTS pg_trgm',
      'CREATE EXTENSION IF NOT EXISTS fuzzystrmatch',
      `GRANT pg_read_all_settings TO ${role}`,
      `GRANT CREATE ON DATABASE ${database} TO ${role}`,
    ],
    database,
  );

  // The password on its own, as compose passes it (PGPASSWORD), never inside the URL. (The test clusters trust local
  // connections, so this shows a URL without one works; node-postgres reading PGPASSWORD is its documented default.)
  const url = new URL(inject('pgAdminUrl'));
  url.username = role;
  url.password = '';
  url.pathname = `/${database}`;
  process.env.PGPASSWORD = password;
  try {
    const first = await migrate(url.toString());
    expect(first.applied.length).toBeGreaterThan(20);
    expect((await migrate(url.toString())).applied).toEqual([]);
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    const { rows: who } = await c.query(
      'SELECT current_user AS name, usesuper FROM pg_user WHERE usename = current_user',
    );
    await c.end();
    expect(who[0]).toEqual({ name: role, usesuper: false });
  } finally {
    delete process.env.PGPASSWORD;
  }
});
