/**
 * Starts one PostgreSQL for the whole run (embedded by default, or the server in TEST_DATABASE_URL)
 * and migrates a template database that every test file clones (see test/db.ts).
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureDatabase, migrate, startTemporaryPostgres } from '../sql/src/index';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
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
  return async () => {
    await stop();
  };
}
