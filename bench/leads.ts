/**
 * My Leads with 5,000 leads: the server's list query for one broker, and the page's in-memory filter
 * (web/src/features/leads/leadModel.ts) per keystroke. Target: filtering in under 50 ms.
 *   tsx bench/leads.ts
 */
import { sql } from 'kysely';
import { memberActor } from '../core/src/services/actor';
import { listLeads } from '../core/src/services/leads/leads';
import { DEMO_MEMBERS, seedDemoData } from '../server/src/seed/demo';
import { createDb, createPool } from '../sql/src/index';
import { filterLeads, type Lead, searchTextOf } from '../web/src/features/leads/leadModel';
import { benchDatabase, ms, percentile, timeIt } from './lib/stats';

const LEADS = 5_000;
const database = await benchDatabase('leads');
const pool = createPool(database.url, { max: 4 });
const db = createDb(pool);
await seedDemoData(db);
const user = await db
  .selectFrom('user_profiles')
  .select(['id', 'company_id'])
  .where('email', '=', DEMO_MEMBERS[2].email)
  .executeTakeFirstOrThrow();
const actor = memberActor({ id: user.id, role_type: 'broker' }, user.company_id);
await sql`
  INSERT INTO user_leads (user_id, custom_name, normalized_name, contacted, source, industry, location, estimated_size)
  SELECT ${user.id}, 'Company ' || i || ' Trading', 'company ' || i || ' trading', i % 3 = 0,
         (ARRAY['calculator', 'manual_search', 'similar_results'])[1 + i % 3],
         (ARRAY['Wholesale of other goods', 'Freight transport by road', 'Software development'])[1 + i % 3],
         (ARRAY['Birmingham, West Midlands', 'Leeds, Yorkshire and The Humber', 'London'])[1 + i % 3], '250–499 staff'
  FROM generate_series(1, ${LEADS}) i`.execute(db);

const list: number[] = [];
let leads: Awaited<ReturnType<typeof listLeads>> = [];
for (let i = 0; i < 30; i++) {
  await timeIt(list, async () => {
    leads = await listLeads(db, actor);
  });
}
const text = searchTextOf(leads as Lead[]);
const filter: number[] = [];
const queries = ['c', 'co', 'com', 'company 4', 'company 42', 'leeds', 'software', 'zzz', ''];
for (let round = 0; round < 20; round++) {
  for (const q of queries) {
    const t = performance.now();
    filterLeads(leads as Lead[], text, q, round % 2 ? 'contacted' : 'all');
    filter.push(performance.now() - t);
  }
}
console.log(`\nMy Leads with ${LEADS.toLocaleString('en-GB')} leads`);
console.log(`  list query (server): p50 ${ms(percentile(list, 50))}, p99 ${ms(percentile(list, 99))}`);
console.log(
  `  filter per keystroke (browser code): p50 ${ms(percentile(filter, 50))}, p99 ${ms(percentile(filter, 99))}  (target < 50 ms)`,
);
await db.destroy();
await database.close();
