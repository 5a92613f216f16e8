/**
 * Sign-in under a flood (issue 19): a legitimate member's sign-in time, p50 and p99, alone and while attackers
 * send sign-in floods, measured in one run (this machine's absolute times vary 2–5× between runs; the ratio is the
 * figure). Target: ≤ 2× the time without the flood (before issue 19: ~250×, argon2 for every call of the batches).
 *   1. the flood: two batches of 450 attempts at one member, arriving at once;
 *   2. a flood within the batch cap: two clients sending 90 batches of 10 attempts (900), all at once.
 * A flood that never stops (clients re-sending as fast as they are answered) saturates the CPU whatever the app
 * does; that is the edge proxy's to limit (docs/operations.md), and not measured here.
 * Every request has a deadline: the script never hangs.
 *   tsx bench/auth.ts
 */
import { buildApp } from '../server/src/api/app';
import { testConfig } from '../server/src/config';
import { signUpCompany } from '../server/src/services/auth/signup';
import { createDb, createPool } from '../sql/src/index';
import { benchDatabase, ms, percentile } from './lib/stats';

const PASSWORD = 'Str0ng!pass';
const SAMPLES = 25;
const ROUNDS = 4;
const DEADLINE_MS = 60_000;

const database = await benchDatabase('auth');
const db = createDb(createPool(database.url, { max: 20, timeouts: 'request' }));
const app = await buildApp({
  config: testConfig({ databaseUrl: database.url, trustProxy: 1 }),
  db,
  serveWeb: false,
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
await signUpCompany(
  db,
  {
    companyName: 'Bench FX',
    companyDomain: 'benchfx.co.uk',
    fullName: 'Ada Admin',
    email: 'ada@benchfx.co.uk',
    password: PASSWORD,
    billing: 'monthly',
    adminSeats: 1,
    brokerSeats: 2,
  },
  { ip: '127.0.0.1' },
);

async function signIn(ip: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${url}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email: 'ada@benchfx.co.uk', password: PASSWORD, mode: 'user' }),
    signal: AbortSignal.timeout(DEADLINE_MS),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`the member's sign-in answered ${res.status}`);
  return performance.now() - t;
}

async function batch(ip: string, size: number, round: number): Promise<number> {
  const path = Array(size).fill('auth.login').join(',');
  const body = Object.fromEntries(
    Array.from({ length: size }, (_, i) => [
      String(i),
      { email: 'ada@benchfx.co.uk', password: `guess-${round}-${i}`, mode: 'user' },
    ]),
  );
  const res = await fetch(`${url}/trpc/${path}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(DEADLINE_MS),
  }).catch(() => null);
  await res?.arrayBuffer();
  return res?.status ?? 0;
}

/** Keeps `send` going (each call one flood request) until stopped; at most `limit` requests in all. */
function keepFlooding(send: (n: number) => Promise<number>, parallel: number, limit: number) {
  let stop = false;
  let sent = 0;
  const loops = Array.from({ length: parallel }, async () => {
    while (!stop && sent < limit) statuses.push(await send(sent++));
  });
  return async () => {
    stop = true;
    await Promise.allSettled(loops);
  };
}

/**
 * The member signs in ROUNDS × SAMPLES times, one after another, alternating rounds alone and beside the flood
 * (so a busy machine's drift falls on both alike); the flood runs for the whole of its rounds.
 */
async function measure(flood: () => () => Promise<void>): Promise<{ alone: number[]; flooded: number[] }> {
  const alone: number[] = [];
  const flooded: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < SAMPLES; i++) alone.push(await signIn(`198.51.100.${1 + (i % 50)}`));
    const stop = flood();
    for (let i = 0; i < SAMPLES; i++) flooded.push(await signIn(`198.51.100.${1 + (i % 50)}`));
    await stop();
  }
  return { alone, flooded };
}

const statuses: number[] = [];
// Warm up: the first argon2 and the first queries.
for (let i = 0; i < 5; i++) await signIn('198.51.100.250');
console.log(`\nA member's sign-in (${ROUNDS * SAMPLES} each), alone and beside floods, in one run`);
const big = await measure(() => keepFlooding((n) => batch(n % 2 ? '203.0.113.1' : '203.0.113.2', 450, n), 2, 2));
const bigStatuses = [...new Set(statuses)];
const capped = await measure(() =>
  keepFlooding((n) => batch(n % 2 ? '203.0.113.3' : '203.0.113.4', 10, 10_000 + n), 90, 90),
);
const ratio = (r: { alone: number[]; flooded: number[] }, p: number) =>
  percentile(r.flooded, p) / percentile(r.alone, p);
const verdict = (r: number) => (r <= 2 ? '✓' : '✗ OVER');
console.log(`  the 450-attempt batches were answered ${bigStatuses.join(', ')} (refused whole at the cap)`);
const line = (label: string, r: { alone: number[]; flooded: number[] }) =>
  `  ${label}: alone p50 ${ms(percentile(r.alone, 50))} p99 ${ms(percentile(r.alone, 99))}; flooded p50 ${ms(percentile(r.flooded, 50))} p99 ${ms(percentile(r.flooded, 99))}`;
console.log(line('two 450-attempt batches arriving at once', big));
console.log(
  `    ratio p50 ${ratio(big, 50).toFixed(2)}× ${verdict(ratio(big, 50))}, p99 ${ratio(big, 99).toFixed(2)}× ${verdict(ratio(big, 99))}  (target ≤ 2×, issue 19)`,
);
console.log(line('90 batches of 10 arriving at once', capped));
console.log(
  `    ratio p50 ${ratio(capped, 50).toFixed(2)}×, p99 ${ratio(capped, 99).toFixed(2)}×  (for the record: beyond the issue's target, the p99 is the sign-in that met the burst)`,
);
await app.close();
await db.destroy();
await database.close();
