import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, createPool, type Database } from '../sql/src/index';

export interface TestDatabase {
  url: string;
  adminUrl: string;
  pool: pg.Pool;
  db: Database;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file (a clone of the template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Test files run side by side; a clone that meets another at the template (55006, object in use) tries again.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt === 20) throw err;
        await new Promise((ok) => setTimeout(ok, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), { max: 10 });
  const db = createDb(pool);
  return {
    url: url.toString(),
    adminUrl,
    pool,
    db,
    async drop() {
      await db.destroy();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
