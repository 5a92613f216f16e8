import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { jobs, sendJob } from '../../core/src/jobs/index';
import { type Actor, memberActor } from '../../core/src/services/actor';
import { calculationsFor } from '../../core/src/services/calculator/history';
import { seedDemoActivity } from '../../core/src/services/demo/activity';
import { DEMO_PASSWORD, seedDemoData } from '../../server/src/seed/demo';
import { createClient } from '../../server/test/helpers';
import { compressBars, insertBars } from '../../server/test/market/fixtures';
import { documentedBlock, libpqEnv, runBlock } from '../../test/doc-blocks';
import {
  buildCompiled,
  type Compiled,
  productionEnv,
  type Running,
  seedRecentBars,
  start,
  within,
} from '../../test/processes';
import { createDb, createPool, type Database } from '../src/index';

// The restore runbook, rehearsed (issue 33: as documented it broke with the non-superuser role — pre_restore refused,
// 368 errors, then every table owned by the superuser). On the TimescaleDB cluster of test/timescaledb.sh (the source)
// a database is set up as docs/operations.md says ("The database role"), populated as production would be (the
// compiled server's first start, the demo company with three months of pitches, six weeks of minute bars in
// compressed chunks, queued jobs), backed up as documented, and restored into a second, empty cluster (the target,
// which checks passwords) exactly as documented — every block run as written. The compiled server and worker then
// start on it as the application's role, every table holds as many rows as before, and one pitch's record reads the
// same through the restored server's API as through the service on the source.
const target = process.env.RESTORE_TARGET_URL;
const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const APP_PASSWORD = "r3st/or#e?d e%f'g";
const toolsEnv = { PATH: `${bin}:${process.env.PATH}`, HOME: process.env.HOME };

let compiled: Compiled;
let dir: string;
let source: Database | undefined;
let restored: Database | undefined;
const running: Running[] = [];

/** The application's database on the cluster of `admin`, as the role; the password given separately (PGPASSWORD). */
function databaseUrl(admin: string, password = ''): string {
  const u = new URL(admin);
  u.username = 'pippitch';
  u.password = encodeURIComponent(password);
  u.pathname = '/pippitch';
  return u.toString();
}

async function asAdmin(url: string, statements: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}

/** Rows in every table of ours and pg-boss's (a hypertable counts the rows of all its chunks, compressed or not). */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname IN ('public', 'pgboss', 'pgboss_v12')
    ORDER BY 1`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(name)}`.execute(db)).rows[0]!.n;
  }
  return counts;
}

beforeAll(async () => {
  if (!target) {
    throw new Error(
      'RESTORE_TARGET_URL is not set: test/timescaledb.sh runs this rehearsal with an empty target cluster',
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'pippitch-restore-'));
  compiled = await buildCompiled();
}, 600_000);

afterAll(async () => {
  for (const r of running) r.kill();
  await source?.destroy();
  await restored?.destroy();
  compiled?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
  for (const admin of [inject('pgAdminUrl'), target].filter((u): u is string => Boolean(u))) {
    await asAdmin(admin, ['DROP DATABASE IF EXISTS pippitch WITH (FORCE)', 'DROP ROLE IF EXISTS pippitch']).catch(
      () => {},
    );
  }
});

it('restores a populated database as documented, and the compiled server and worker run on it as the app role', async () => {
  const sourceAdmin = inject('pgAdminUrl');
  const sourceUrl = databaseUrl(sourceAdmin);
  const appEnv = { PGPASSWORD: APP_PASSWORD };

  // The source, set up as documented, first started by the compiled server (migrations as the role, company index).
  await runBlock(documentedBlock('role'), { ...toolsEnv, ...libpqEnv(sourceAdmin), APP_PASSWORD }, dir);
  const first = start(compiled.server, productionEnv(sourceUrl, appEnv));
  running.push(first);
  await within('the source server to listen', first.message('listening'), 300_000, first);
  first.child.kill('SIGTERM');
  expect(await within('its exit', first.exited, 120_000, first)).toEqual({ code: 0, signal: null });

  // Populated as the role: six weeks of minutes for three pairs, compressed; the demo company and its pitches; jobs.
  source = createDb(createPool(databaseUrl(sourceAdmin, APP_PASSWORD), { max: 4 }));
  for (const [pair, base] of [
    ['GBPUSD', 1.27],
    ['EURGBP', 0.85],
    ['EURUSD', 1.08],
  ] as const) {
    await insertBars(source, pair, '2026-09-01', '2026-10-13', base);
  }
  expect(await compressBars(source)).toBeGreaterThan(0);
  // The restored worker then has only minutes to add, not the whole data set.
  await seedRecentBars(databaseUrl(sourceAdmin, APP_PASSWORD));
  expect(await seedDemoData(source)).toBe(true);
  expect(await seedDemoActivity(source)).toBeGreaterThan(50);
  for (let i = 0; i < 3; i++) {
    await sendJob(
      source,
      jobs.crmExport,
      { exportId: crypto.randomUUID() },
      { startAfter: new Date(Date.now() + 3_600_000) },
    );
  }
  const before = await rowCounts(source);
  expect(before['public.fx_minute_bars']).toBeGreaterThan(100_000);
  expect(before['public.calculations']).toBeGreaterThan(50);

  // Backed up and restored exactly as documented.
  await runBlock(documentedBlock('backup'), { ...toolsEnv, DATABASE_URL: sourceUrl, APP_PASSWORD }, dir);
  const dump = readdirSync(dir).find((f) => f.endsWith('.dump'));
  expect(dump).toBeDefined();
  await runBlock(
    documentedBlock('restore'),
    { ...toolsEnv, ...libpqEnv(target!), APP_PASSWORD, DUMP: join(dir, dump!) },
    dir,
  );

  // Every table as many rows as before; the tables the role's.
  const targetUrl = databaseUrl(target!);
  restored = createDb(createPool(databaseUrl(target!, APP_PASSWORD), { max: 4 }));
  expect(await rowCounts(restored)).toEqual(before);
  const { rows: owners } = await sql<{ owner: string; n: number }>`
    SELECT tableowner AS owner, count(*)::int AS n FROM pg_tables
    WHERE schemaname IN ('public', 'pgboss', 'pgboss_v12') GROUP BY 1`.execute(restored);
  expect(owners.map((o) => o.owner)).toEqual(['pippitch']);

  // The compiled server and worker on the restored database, as the role (its password checked by the target).
  const server = start(compiled.server, productionEnv(targetUrl, appEnv));
  const worker = start(compiled.worker, productionEnv(targetUrl, appEnv));
  running.push(server, worker);
  const port = (await within('the restored server to listen', server.message('listening'), 300_000, server))
    .port as number;
  await within('the restored worker to be ready', worker.message('ready'), 300_000, worker);
  for (const process_ of [server, worker]) {
    expect(process_.lines().find((l) => l.msg.startsWith('migrations:'))?.msg).toBe(
      'migrations: 0 applied; the schema is current',
    );
  }

  // The job view the image has (`node bin/jobs.js`), reading the restored queues as the role.
  const view = await promisify(execFile)(process.execPath, [compiled.jobs], { env: productionEnv(targetUrl, appEnv) });
  expect(view.stdout).toMatch(/^crm-export\s+3\s+0\s+0\s/m);

  // One pitch's record: the broker's newest, through the restored server's API, as the service reads it at source.
  const { rows: newest } = await sql<{
    user_id: string;
    role_type: Actor['role'];
    company_id: string;
    email: string;
    company_name: string;
  }>`
    SELECT c.user_id, u.role_type, u.company_id, u.email, c.client_name AS company_name
    FROM calculations c JOIN user_profiles u ON u.id = c.user_id
    ORDER BY c.created_at DESC, c.id LIMIT 1`.execute(source);
  const pitch = newest[0]!;
  const broker = memberActor({ id: pitch.user_id, role_type: pitch.role_type }, pitch.company_id);
  const expected = JSON.parse(JSON.stringify(await calculationsFor(source, broker, pitch.company_name)));
  expect(expected.length).toBeGreaterThan(0);
  const { api } = createClient(`http://127.0.0.1:${port}`);
  await api.auth.login.mutate({ email: pitch.email, password: DEMO_PASSWORD, mode: 'user' });
  expect(await api.calculator.forCompany.query({ companyName: pitch.company_name })).toEqual(expected);

  for (const process_ of [server, worker]) process_.child.kill('SIGTERM');
  for (const process_ of [server, worker]) {
    expect(await within('exit', process_.exited, 120_000, process_)).toEqual({ code: 0, signal: null });
    expect(process_.lines().filter((l) => l.level >= 50)).toEqual([]);
  }
}, 1_800_000);
