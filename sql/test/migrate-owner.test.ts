import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { documentedStatements } from '../../test/doc-blocks';
import { migrate } from '../src/migrate';

// Migrations run as the application's role, which owns its database but is not a superuser, after the one-time
// set-up docs/operations.md ("The database role") gives a superuser to do: that block's SQL, as written (the role's
// name made unique), then every migration applied by the non-superuser (issue 23), and again (nothing left to do).
// No extension is created by the superuser: TimescaleDB 2.28, pg_trgm and fuzzystrmatch are trusted, so the
// owner's migrations create them (issue 33). test/timescaledb.sh runs this file where TimescaleDB is preloaded.
const suffix = randomBytes(4).toString('hex');
const role = `app_${suffix}`;
const password = "a/b#c?d e%f'g"; // what `openssl rand -base64 32` can produce, and worse

async function asAdmin(statements: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await c.connect();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await asAdmin([`DROP DATABASE IF EXISTS ${role} WITH (FORCE)`, `DROP ROLE IF EXISTS ${role}`]);
});

it('applies every migration as a non-superuser owner given the documented one-time set-up', async () => {
  const setUp = documentedStatements('role', { password }).map((s) => s.replaceAll('pippitch', role));
  expect(setUp.some((s) => /CREATE EXTENSION/i.test(s))).toBe(false);
  await asAdmin(setUp);

  // The password on its own, as compose passes it (PGPASSWORD), never inside the URL. (The test clusters trust local
  // connections, so this shows a URL without one works; node-postgres reading PGPASSWORD is its documented default.)
  const url = new URL(inject('pgAdminUrl'));
  url.username = role;
  url.password = '';
  url.pathname = `/${role}`;
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
    // Where TimescaleDB is preloaded the role created it itself (a trusted extension), and owns it.
    const { rows: extensions } = await c.query<{ extname: string; owner: string }>(
      `SELECT extname, extowner::regrole::text AS owner FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY 1`,
    );
    await c.end();
    expect(who[0]).toEqual({ name: role, usesuper: false });
    expect(extensions.filter((e) => e.owner !== role)).toEqual([]);
    expect(extensions.map((e) => e.extname)).toEqual(
      expect.arrayContaining(['fuzzystrmatch', 'pg_trgm', ...(process.env.EXPECT_TIMESCALEDB ? ['timescaledb'] : [])]),
    );
  } finally {
    delete process.env.PGPASSWORD;
  }
});
