/**
 * `pnpm bench`: every benchmark script in turn, each in its own process on its own throw-away database.
 * Benchmarks print figures (and ratios to their targets); a benchmark whose budget is broken exits non-zero, and
 * so does `pnpm bench` after running the rest (a budget once met stays met). Pass names to run a subset:
 * `pnpm bench history live`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = {
  'market-data-load': 'first load of the bundled market data set (issue 3)',
  history: 'history API vs the old batched way (issue 3)',
  live: 'live quotes to 1,000 and 5,000 WebSocket subscribers (issue 3)',
  web: 'calculator page: initial JavaScript and time to result (issue 4)',
  companies: 'Company Finder and company search (issue 5)',
  leads: 'My Leads with 5,000 leads (issue 5)',
  jobs: 'pg-boss jobs: throughput with one and two workers, send→start latency (issue 9)',
  activity: 'admin dashboard, user activity and CSV export: 200 brokers, a year of activity (issue 10)',
  billing: 'Stripe webhooks: per event, and 1,000 events × 3 shuffled converging (issue 11)',
  crm: 'scheduled Salesforce export of 200 brokers with two workers (issue 12)',
  public: 'public pages: Lighthouse 13 scores, LCP and bytes; initial JavaScript per page (issue 13)',
  reports: 'monthly client reports: one of 10,000 calculations, and 1,000 companies with two workers (issue 12)',
  evidence: 'pitch evidence: a 500-trade pack priced and its PDF; the nightly re-pricing of 100,000 leads (issue 14)',
  auth: 'sign-in p50/p99 for a member while sign-in floods arrive, beside the same without (issue 19)',
  backfill: 'real history backfill: two years × six pairs from a local Dukascopy server (issue 21)',
  runtime: 'server and worker time to ready and RSS, compiled (node dist/…) vs tsx (issue 23)',
  pairs:
    'pairs beyond the six: a desk adds a direct and a derived pair (backfill, bytes, history p50), one offline, /live with 30 pairs (issue 34)',
  requests: 'one request: bare node:http, a file, anonymous and signed-in calls, sequential and 32 at once (issue 35)',
} as const;

const wanted = process.argv.slice(2);
const names = (wanted.length ? wanted : Object.keys(BENCHES)) as (keyof typeof BENCHES)[];
const failed: string[] = [];
for (const name of names) {
  if (!(name in BENCHES)) {
    console.error(`unknown benchmark '${name}'; choose from ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n━━ ${name}: ${BENCHES[name]}`);
  const file = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.log(`(${name} exited with ${run.status ?? run.signal}: a budget broken or the benchmark failed)`);
    failed.push(name);
  }
}
if (failed.length) {
  console.error(`\npnpm bench: ${failed.join(', ')} did not meet their budgets (or failed); see above.`);
  process.exit(1);
}
