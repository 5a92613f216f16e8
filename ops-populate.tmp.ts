import { sql } from 'kysely';
import { seedDemoData } from './server/src/seed/demo';
import { seedDemoActivity } from './server/src/services/demo/activity';
import { compressBars, insertBars } from './server/test/market/fixtures';
import { createDb, createPool } from './sql/src/index';

const url = process.argv[2]!;
const db = createDb(createPool(url, { max: 4 }));
const t0 = performance.now();
for (const [pair, base] of [
  ['GBPUSD', 1.27],
  ['EURGBP', 0.85],
  ['EURUSD', 1.08],
] as const)
  await insertBars(db, pair, '2026-09-01', '2026-10-15', base);
console.log('bars', performance.now() - t0);
process.env.EXPECT_TIMESCALEDB = '1';
console.log('compressed', await compressBars(db), performance.now() - t0);
console.log('demo', await seedDemoData(db), performance.now() - t0);
console.log('activity', await seedDemoActivity(db), performance.now() - t0);
await db.destroy();
