/**
 * Starts one PostgreSQL for the whole run (embedded by default, or the server in TEST_DATABASE_URL)
 * and migrates a template database that every test file clones (see test/db.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureDatabase, migrate, startTemporaryPostgres } from '../sql/src/index';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    /** A folder for this run's shared artefacts (the compiled production tree: test/processes.ts), removed after. */
    runDir: string;
  }
}

export const TEMPLATE = 'pippitch_test_template';

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const cluster = await startTemporaryPostgres('test-pg');
    adminUrl = cluster.url;
    stop = cluster.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.end();
  const templateUrl = await ensureDatabase(adminUrl, TEMPLATE);
  await migrate(templateUrl);
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', TEMPLATE);
  const runDir = mkdtempSync(join(tmpdir(), 'pippitch-test-run-'));
  project.provide('runDir', runDir);
  return async () => {
    rmSync(runDir, { recursive: true, force: true });
    await stop();
  };
}
