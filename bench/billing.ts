/**
 * Stripe webhooks (issue 11): the real app and the real Stripe SDK against the local Stripe server of the tests.
 *  1. Per event: p50/p99 of one signed `customer.subscription.updated` through the HTTP endpoint, including the
 *     read-back of the subscription from Stripe and the company row's update (target p50 ≤ 50 ms).
 *  2. Convergence: 100 paid companies, 10 events each (checkout, subscription created, invoice paid, 7 seat
 *     changes), all 1,000 delivered 3 times in a shuffled order, 8 at a time; then every company row is compared
 *     with its subscription as Stripe holds it (target: all converge, in ≤ 30 s).
 * Every wait is bounded; the run gives up after 10 minutes.
 */

import { testConfig } from '../core/src/config';
import { StripePayments } from '../core/src/providers/payments/stripe/provider';
import { startCheckout } from '../core/src/services/billing/checkout';
import { createTrialCompany } from '../core/src/services/company/create';
import { buildApp } from '../server/src/api/app';
import { STRIPE_WEBHOOK_PATH } from '../server/src/api/http/billing-webhook';
import { startLocalStripe, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../server/test/stripe/stripe-server';
import { createDb, createPool } from '../sql/src/index';
import { benchDatabase, ms, percentile, timeIt } from './lib/stats';

const RUN_TIMEOUT_MS = 10 * 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
setTimeout(() => {
  console.error('billing benchmark: gave up after 10 minutes');
  process.exit(1);
}, RUN_TIMEOUT_MS).unref();

const COMPANIES = 100;
const CHANGES_PER_COMPANY = 7;
const DELIVERIES = 3;
const CONCURRENCY = 8;
const SINGLE_EVENTS = 200;

const database = await benchDatabase('billing');
const stripe = await startLocalStripe();
const settings = { secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, apiUrl: stripe.url };
const provider = new StripePayments(settings);
const pool = createPool(database.url, { max: 12 });
const db = createDb(pool);
const app = await buildApp({
  config: testConfig({ databaseUrl: database.url, stripe: settings }),
  db,
  serveWeb: false,
  deps: { seriesCache: null },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

async function deliver(event: Parameters<typeof stripe.signed>[0]): Promise<void> {
  const { body, signature } = stripe.signed(event);
  const res = await fetch(`${base}${STRIPE_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
}

// 100 trial companies, each with a Stripe customer and a completed checkout.
const now = new Date();
const companies: { id: string; subscriptionId: string }[] = [];
const events: Parameters<typeof stripe.signed>[0][] = [];
const t0 = performance.now();
for (let i = 0; i < COMPANIES; i++) {
  const { id } = await db
    .transaction()
    .execute((trx) =>
      createTrialCompany(
        trx,
        { name: `Bench FX ${i}`, domain: `bench${i}.co.uk`, billing: 'monthly', adminSeats: 1, brokerSeats: 4 },
        now,
      ),
    );
  const owner = await db
    .insertInto('user_profiles')
    .values({ company_id: id, role_type: 'super_admin', full_name: `Owner ${i}`, email: `owner@bench${i}.co.uk` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { url } = await startCheckout(
    db,
    { userId: owner.id, companyId: id, role: 'super_admin', email: `owner@bench${i}.co.uk` },
    { adminSeats: 1, brokerSeats: 4, billing: 'monthly', addons: { companyFinder: false, clientData: false } },
    { provider, appUrl: base, now },
  );
  const created = stripe.completeCheckout(url.split('/pay/')[1] as string, now);
  events.push(...created);
  const subscriptionId = (created[1]!.data.object as { id: string }).id;
  companies.push({ id, subscriptionId });
}
console.log(
  `setup: ${COMPANIES} companies with a Stripe subscription in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// 1. One event at a time, through the endpoint: the first company's subscription changing hands.
const first = companies[0]!;
await deliver(events[1]!); // the company learns its subscription
const single: number[] = [];
for (let i = 0; i < SINGLE_EVENTS; i++) {
  const event = stripe.changeSubscription(
    first.subscriptionId,
    { metadata: { admin_seats: String(1 + (i % 3)) } },
    now,
  );
  await timeIt(single, () => deliver(event));
}
console.log(
  `\nper event (customer.subscription.updated, ${SINGLE_EVENTS} sequential, incl. Stripe read-back): p50 ${ms(percentile(single, 50))}, p99 ${ms(percentile(single, 99))}   target p50 ≤ 50 ms → ${percentile(single, 50) <= 50 ? 'met' : 'NOT met'}`,
);

// 2. Seven seat changes per company, made in Stripe through the SDK (each raises its event).
const changeEvents: Parameters<typeof stripe.signed>[0][] = [];
for (const company of companies) {
  for (let k = 1; k <= CHANGES_PER_COMPANY; k++) {
    const before = stripe.events.length;
    await provider.changeSubscription(company.subscriptionId, {
      seats: { adminSeats: 1 + (k % 2), brokerSeats: 4 + k },
      charge: 'next_period',
    });
    changeEvents.push(...stripe.events.slice(before));
  }
}
const all = [...events, ...changeEvents];
const deliveries = all.flatMap((e) => Array.from({ length: DELIVERIES }, () => e));
// A seeded shuffle (Fisher–Yates with a small LCG), so every run delivers in the same scrambled order.
let seed = 20261124;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
for (let i = deliveries.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
}
const t1 = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < deliveries.length) await deliver(deliveries[next++]!);
  }),
);
const seconds = (performance.now() - t1) / 1000;

let converged = 0;
for (const company of companies) {
  const row = await db
    .selectFrom('companies')
    .select(['admin_seats', 'junior_seats', 'subscription_status'])
    .where('id', '=', company.id)
    .executeTakeFirstOrThrow();
  const state = await provider.readSubscription(company.subscriptionId);
  if (
    state &&
    row.subscription_status === 'active' &&
    row.admin_seats === state.adminSeats &&
    row.junior_seats === state.brokerSeats
  ) {
    converged++;
  }
}
console.log(
  `convergence: ${all.length} events × ${DELIVERIES} deliveries (${deliveries.length}), shuffled, ${CONCURRENCY} at a time: ${seconds.toFixed(1)} s, ${converged}/${COMPANIES} companies match Stripe   target all in ≤ 30 s → ${converged === COMPANIES && seconds <= 30 ? 'met' : 'NOT met'}`,
);

await app.close();
await db.destroy();
await stripe.close();
await database.close();
process.exit(0);
