/**
 * Monthly client reports (issue 12): (1) one company with 50 brokers and 10,000 calculations in October: the
 * report's data read and PDF rendered, time and peak memory (targets ≤ 2 s, ≤ 200 MB); (2) 1,000 companies (3
 * brokers × 20 calculations each) with a schedule on the 1st at 09:00: the sweep at that minute through two pg-boss
 * workers until every report is ready (target ≤ 10 minutes). Bounded: gives up after 20 minutes.
 */

import { sql } from 'kysely';
import { jobs, sendJob } from '../core/src/jobs/index';
import { systemScope } from '../core/src/queries/scope';
import { createTrialCompany } from '../core/src/services/company/create';
import { renderReportPdf } from '../core/src/services/reports/render-pdf';
import { reportData } from '../core/src/services/reports/report-data';
import { calculateSavings } from '../shared/src/calculator';
import { createDb, createPool } from '../sql/src/index';
import { productJobs } from '../worker/src/jobs/handlers';
import { startJobRunner } from '../worker/src/jobs/runner';
import { benchDatabase, ms } from './lib/stats';

setTimeout(() => {
  console.error('reports benchmark: gave up after 20 minutes');
  process.exit(1);
}, 20 * 60_000).unref();

const database = await benchDatabase('reports');
const db = createDb(createPool(database.url, { max: 8 }));
const OCTOBER = { start: '2026-10-01', end: '2026-10-31' };
const SLOT = new Date('2026-11-01T09:00:00Z');

/** A company with brokers and calculations spread over October (SQL: the data, not the calculator, is measured). */
// The stored shape of the calculator's save (services/calculation-data.ts) for the pitch every row repeats, and a
// record with the mid the server used (1.2790: 70.4 bps of margin), which margin conceded measures against.
const PITCH = {
  pair: 'GBPUSD',
  yourRate: '1.2700',
  competitorRate: '1.2650',
  amount: '500000',
  tradesPerYear: 52,
} as const;
const RESULT = calculateSavings({ ...PITCH, marginPips: 0 });
const STORED = {
  currency_pair: PITCH.pair,
  your_rate: PITCH.yourRate,
  competitor_rate: PITCH.competitorRate,
  trade_amount: PITCH.amount,
  trades_per_year: PITCH.tradesPerYear,
  pips_added: 0,
  effective_rate: RESULT.effectiveRate,
  price_difference: RESULT.priceDifference,
  difference_in_pips: RESULT.differenceInPips,
  cost_with_competitor: RESULT.costWithCompetitor,
  cost_with_us: RESULT.costWithUs,
  savings_per_trade: RESULT.savingsPerTrade,
  annual_savings: RESULT.annualSavings,
  percentage_savings: RESULT.percentageSavings,
  is_advantage: RESULT.isAdvantage,
};
const EVIDENCE = {
  mid: { rate: '1.2790', at: '2026-10-01T08:00:00Z', source: 'Simulated' },
  method: 'bench',
  ecb: null,
  range: null,
};

async function company(name: string, brokers: number, perBroker: number, clients: number): Promise<string> {
  const { id } = await createTrialCompany(
    db,
    {
      name,
      domain: `${name.toLowerCase().replace(/\W/g, '')}.co.uk`,
      billing: 'monthly',
      adminSeats: 1,
      brokerSeats: brokers,
      addons: { companyFinder: false, clientData: true },
    },
    new Date('2026-09-01T00:00:00Z'),
  );
  await sql`
    INSERT INTO user_profiles (company_id, email, full_name, role_type)
    SELECT ${id}::uuid, 'user' || n || '@' || ${id}::text || '.test', CASE WHEN n = 0 THEN 'Admin' ELSE 'Broker ' || n END,
      CASE WHEN n = 0 THEN 'admin' ELSE 'junior' END
    FROM generate_series(0, ${brokers}) n`.execute(db);
  await sql`
    INSERT INTO calculations (id, user_id, company_id, client_name, normalized_client_name, currency_pair,
      calculation_data, trade_details, savings_amount, live_rate, rate_source, rate_at, created_at, evidence)
    SELECT gen_random_uuid(), u.id, u.company_id, 'Client ' || (i % ${clients}) || ' Ltd', 'client ' || (i % ${clients}),
      'GBPUSD',
      ${JSON.stringify(STORED)}::jsonb || jsonb_build_object('comparison_date', to_char(t, 'YYYY-MM-DD')),
      '{}'::jsonb, 80918.74, 1.2712, 'simulated', t, t, ${JSON.stringify(EVIDENCE)}::jsonb
    FROM user_profiles u, generate_series(1, ${perBroker}) i,
      LATERAL (SELECT timestamptz '2026-10-01 08:00:00+00' + ((i * 7919) % (30 * 24 * 60)) * interval '1 minute' AS t) x
    WHERE u.company_id = ${id}::uuid AND u.role_type = 'junior'`.execute(db);
  // A floor of 50 bps on GBP/USD from before the month: the report's margin conceded has a floor to measure against.
  await sql`
    INSERT INTO margin_policy_versions (company_id, floors, margin_options, changed_by_name, changed_at)
    VALUES (${id}::uuid, ${JSON.stringify({ GBPUSD: [{ fromGbp: 0, toGbp: null, floorBps: 50 }] })}::jsonb,
      ARRAY[0, 10, 20, 30, 40, 50], 'Bench', timestamptz '2026-09-01 00:00:00+00')`.execute(db);
  return id;
}

// (1) One large report.
const big = await company('Big Desk Ltd', 50, 200, 120);
const rounds: { ms: number; peak: number; pages: number }[] = [];
const readMs: number[] = [];
for (let round = 0; round < 3; round++) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const data = await reportData(db, systemScope('system:reports', big), OCTOBER);
  const read = performance.now() - started;
  const pdf = await renderReportPdf(data, SLOT);
  const took = performance.now() - started;
  readMs.push(read);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  rounds.push({ ms: took, peak: peak - base, pages });
  if (round === 0)
    console.log(
      `large report: ${data.totals.calculations} calculations, ${data.brokers.reduce((n, b) => n + b.clients.length, 0)} client rows, ${pages} pages, ${(pdf.length / 1024).toFixed(0)} KB`,
    );
}
const best = Math.min(...rounds.map((r) => r.ms));
const worst = Math.max(...rounds.map((r) => r.ms));
const memory = Math.max(...rounds.map((r) => r.peak)) / 1024 / 1024;
console.log(`  reading the data: best ${ms(Math.min(...readMs))}; the rest is drawing the PDF`);
console.log(
  `  data + PDF: best ${ms(best)}, worst ${ms(worst)} of 3 (target ≤ 2,000 ms: ${(worst / 2000).toFixed(2)}× the target)`,
);
// A budget once met stays met: any figure over its target makes the benchmark (and `pnpm bench`) exit non-zero.
const broken = worst > 2000 || memory > 200;
console.log(
  `  memory: peak RSS growth ${memory.toFixed(0)} MB, process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB (target ≤ 200 MB)`,
);

// (2) 1,000 companies, two workers.
const COMPANIES = 1000;
const made = performance.now();
for (let i = 0; i < COMPANIES; i++) await company(`Small Desk ${i}`, 3, 20, 8);
await sql`
  INSERT INTO monthly_report_schedule (company_id, day_of_month, hour, active_since)
  SELECT id, 1, 9, timestamptz '2026-10-01' FROM companies WHERE name LIKE 'Small Desk %'`.execute(db);
console.log(
  `\n${COMPANIES} companies × 3 brokers × 20 calculations made in ${((performance.now() - made) / 1000) | 0} s`,
);
const runners = [];
for (let i = 0; i < 2; i++) {
  runners.push(
    await startJobRunner({
      url: database.url,
      jobs: productJobs({ db, log: () => {}, appUrl: 'http://bench.test', now: () => SLOT }),
      log: () => {},
      applicationName: `bench-reports-${i}`,
    }),
  );
}
const started = performance.now();
await sendJob(db, jobs.reportDispatch, {}, { singletonKey: 'bench' });
const deadline = Date.now() + 15 * 60_000;
let ready = 0;
for (;;) {
  const row = await sql<{ ready: number; failed: number }>`
    SELECT count(*) FILTER (WHERE status = 'ready')::int AS ready, count(*) FILTER (WHERE status = 'failed')::int AS failed
    FROM monthly_reports WHERE kind = 'monthly'`.execute(db);
  ready = row.rows[0]?.ready ?? 0;
  if (row.rows[0]?.failed) throw new Error(`${row.rows[0].failed} reports failed`);
  if (ready >= COMPANIES) break;
  if (Date.now() > deadline) break;
  await new Promise((ok) => setTimeout(ok, 200));
}
const total = (performance.now() - started) / 1000;
console.log(
  `  ${ready}/${COMPANIES} monthly reports ready (with their e-mails queued) in ${total.toFixed(1)} s with two workers (target ≤ 600 s: ${(total / 600).toFixed(2)}× the target)`,
);

for (const r of runners) await r.stop(2_000);
await db.destroy();
await database.close();
process.exit(broken || ready < COMPANIES || total > 600 ? 1 : 0);
