import { createDb, createPool } from '@pippitch/sql';
import pg from 'pg';
import { seedDemoData } from './demo';

// Any constant works; sql/src/migrate.ts uses 727_001 and the job set-up 727_003.
const DEMO_LOCK = 727_004;

/**
 * Creates the demo company (DEMO_DATA) once, from whichever entry point starts first: the launcher, or each server
 * process of a deployment that asks for it (compose with DEMO_DATA=true). Serialised by an advisory lock, so servers
 * starting together create it once; later starts find it and do nothing.
 */
export async function seedDemoOnce(url: string, log: (line: string) => void): Promise<void> {
  const lock = new pg.Client({ connectionString: url, application_name: 'pippitch-demo-seed' });
  await lock.connect();
  const db = createDb(createPool(url, { max: 2, applicationName: 'pippitch-demo-seed' }));
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [DEMO_LOCK]);
    if (await seedDemoData(db)) log('demo company created');
    // Its three months of pitches come from the worker, once the market data is loaded (services/demo/activity.ts).
  } finally {
    await db.destroy();
    await lock.end().catch(() => {});
  }
}
