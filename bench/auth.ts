/**
 * Sign-in under a flood (issues 19 and 30): a legitimate member's sign-in time, p50 and p99, alone and while
 * attackers send sign-in floods, measured in one run (this machine's absolute times vary 2–5× between runs; the
 * ratio is the figure). Target: ≤ 2× the time without the flood (before issue 19: ~250×, argon2 for every call of
 * the batches), and no 429 for the member, who signs in from a browser where they signed in before (a known device,
 * issue 30 §2) — every flood aims at that member's own address.
 *   1. the flood: two batches of 450 attempts at one member, arriving at once;
 *   2. a flood within the batch cap: two clients sending 90 batches of 10 attempts (900), all at once;
 *   3, 4. issue 30 §3: floods from 10 and from 40 distinct loopback addresses (127.x.y.z, real sockets, no proxy
 *      header), each client joining within the flood's first second and keeping 4 sign-ins in flight, re-sent as
 *      soon as they are answered; fresh addresses every round, so each round's flood has its whole allowance. The
 *      member's samples are spread over each round (several of the tarpit's 1–2 s cycles). For the record, a
 *      second member without a known device (from an address of their own) signs in beside the same floods.
 * Refused sign-ins are answered after 1–2 s (services/auth/tarpit.ts), as in production: before it, this closed
 * loop of instant refusals (117,726 of them in 4 rounds) took the known-device member to 12× at p50. A flood that
 * does not wait for answers is the edge proxy's to limit (docs/operations.md), and not measured here.
 * Every request has a deadline: the script never hangs.
 *   tsx bench/auth.ts
 */
import { fork } from 'node:child_process';
import { type Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { testConfig } from '../core/src/config';
import { signUpCompany } from '../core/src/services/auth/signup';
import { SIGN_IN_REFUSAL_DELAY_MS, SIGN_IN_REFUSALS_HELD, Tarpit } from '../core/src/services/auth/tarpit';
import { buildApp } from '../server/src/api/app';
import { createDb, createPool } from '../sql/src/index';
import { addMemberForBench } from './lib/auth-member';
import { benchDatabase, ms, percentile } from './lib/stats';

const PASSWORD = 'Str0ng!pass';
const FLOOD = fileURLToPath(new URL('./lib/auth-flood.ts', import.meta.url));
const SAMPLES = 25;
const ROUNDS = 4;
/** The loopback floods' samples per round: a p99 of 200 is not one stray pause. */
const FLOOD_SAMPLES = 50;
/** Between two of the member's samples in the loopback floods: a round spans about 7 s. */
const PACE_MS = 100;
const DEADLINE_MS = 60_000;

const database = await benchDatabase('auth');
const db = createDb(createPool(database.url, { max: 20, timeouts: 'request' }));
const app = await buildApp({
  config: testConfig({ databaseUrl: database.url, trustProxy: 1 }),
  db,
  serveWeb: false,
  logger: false,
  // As in production (testConfig answers refusals at once): refused sign-ins' answers wait in the tarpit.
  deps: { signInTarpit: new Tarpit(SIGN_IN_REFUSAL_DELAY_MS, SIGN_IN_REFUSALS_HELD) },
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
const member = await db
  .selectFrom('user_profiles')
  .select(['company_id'])
  .where('email', '=', 'ada@benchfx.co.uk')
  .executeTakeFirstOrThrow();
// A second member, who signs in from new browsers only (the record's line).
await addMemberForBench(db, member.company_id, 'bo@benchfx.co.uk', PASSWORD);

/** One sign-in over a real socket from `localAddress` (127.x.y.z), optionally with a proxy's header and cookies. */
function post(
  path: string,
  body: unknown,
  options: { localAddress?: string; forwardedFor?: string; cookie?: string; agent?: Agent },
): Promise<{ status: number; setCookie: string[] }> {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const req = request(
      `${url}${path}`,
      {
        method: 'POST',
        agent: options.agent,
        localAddress: options.agent ? undefined : options.localAddress,
        timeout: DEADLINE_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [] }));
        res.on('error', () => resolve({ status: 0, setCookie: [] }));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, setCookie: [] }));
    req.end(data);
  });
}

const login = (email: string, password: string) => ({ email, password, mode: 'user' });

// The member's own browser: signed in once, so it is a known device from then on.
const first = await post('/trpc/auth.login', login('ada@benchfx.co.uk', PASSWORD), { forwardedFor: '198.51.100.250' });
const deviceCookie = first.setCookie.find((c) => c.startsWith('pp_device='))?.split(';')[0];
if (!deviceCookie) throw new Error('no device cookie after signing in');

/** 429s the member met (target 0 for a known device), and sign-ins that passed the deadline (answered 0). */
const memberRefusals = { known: 0, unknown: 0 };
const memberTimeouts = { known: 0, unknown: 0 };

/** The member's sign-in from their known device: by proxy header (`ip`) or from a loopback address (`local`). */
async function signIn(where: { ip?: string; local?: string }, who: 'known' | 'unknown' = 'known'): Promise<number> {
  const t = performance.now();
  const res = await post(
    '/trpc/auth.login',
    login(who === 'known' ? 'ada@benchfx.co.uk' : 'bo@benchfx.co.uk', PASSWORD),
    { forwardedFor: where.ip, localAddress: where.local, cookie: who === 'known' ? deviceCookie : undefined },
  );
  if (res.status === 429) memberRefusals[who]++;
  else if (res.status === 0) memberTimeouts[who]++;
  else if (res.status !== 200) throw new Error(`the ${who} member's sign-in answered ${res.status}`);
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
    for (let i = 0; i < SAMPLES; i++) alone.push(await signIn({ ip: `198.51.100.${1 + (i % 50)}` }));
    const stop = flood();
    for (let i = 0; i < SAMPLES; i++) flooded.push(await signIn({ ip: `198.51.100.${1 + (i % 50)}` }));
    await stop();
  }
  return { alone, flooded };
}

const statuses: number[] = [];
// Warm up: the first argon2 and the first queries.
for (let i = 0; i < 5; i++) await signIn({ ip: '198.51.100.250' });
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

/**
 * Floods from `clients` distinct loopback addresses (fresh ones each round: 127.<round+10>.<clients>.<i>), each
 * keeping 4 wrong-password sign-ins at the member's address in flight; the known member signs in from 127.0.0.2,
 * the other member from 127.0.0.3 (no device cookie), one after another.
 */
/** `promise`, or a failure after DEADLINE_MS (the flood process is killed either way when the script exits). */
function bounded<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), DEADLINE_MS);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The member's samples are spread over a few seconds (alone and flooded alike), so each flooded round spans several
 * of the tarpit's cycles (services/auth/tarpit.ts: a refused attempt is answered after 1–2 s) and measures the
 * flood as it goes on, not only its first second.
 */
const pause = () => new Promise((done) => setTimeout(done, PACE_MS));

async function loopbackFlood(clients: number) {
  const alone = { known: [] as number[], unknown: [] as number[] };
  const flooded = { known: [] as number[], unknown: [] as number[] };
  const floodStatuses = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < FLOOD_SAMPLES; i++) {
      alone.known.push(await signIn({ local: '127.0.0.2' }));
      alone.unknown.push(await signIn({ local: '127.0.0.3' }, 'unknown'));
      await pause();
    }
    const flood = fork(FLOOD, [url, String(clients), String(round), 'ada@benchfx.co.uk'], {
      execArgv: ['--import', 'tsx'],
    });
    const answered = new Promise<Record<string, number>>((resolve) => {
      flood.on('message', (m) => {
        if (typeof m === 'object' && m) resolve(m as Record<string, number>);
      });
    });
    await bounded(new Promise((started) => flood.once('message', started)), 'the flood did not start');
    for (let i = 0; i < FLOOD_SAMPLES; i++) {
      flooded.known.push(await signIn({ local: '127.0.0.2' }));
      flooded.unknown.push(await signIn({ local: '127.0.0.3' }, 'unknown'));
      await pause();
    }
    flood.send('stop');
    for (const [status, n] of Object.entries(await bounded(answered, 'the flood did not stop'))) {
      floodStatuses.set(status, (floodStatuses.get(status) ?? 0) + n);
    }
  }
  return { alone, flooded, floodStatuses };
}

const refusedBefore = memberRefusals.known;
for (const clients of [10, 40]) {
  const r = await loopbackFlood(clients);
  const pair = (who: 'known' | 'unknown') => ({ alone: r.alone[who], flooded: r.flooded[who] });
  const statuses = [...r.floodStatuses].map(([s, n]) => `${n} × ${s}`).join(', ');
  console.log(`  a flood from ${clients} loopback addresses (${statuses}):`);
  console.log(line('  member on a known device', pair('known')));
  console.log(
    `      ratio p50 ${ratio(pair('known'), 50).toFixed(2)}× ${verdict(ratio(pair('known'), 50))}, p99 ${ratio(pair('known'), 99).toFixed(2)}× ${verdict(ratio(pair('known'), 99))}  (target ≤ 2×, issue 30)`,
  );
  console.log(line('  member on a new browser (record)', pair('unknown')));
  console.log(
    `      ratio p50 ${ratio(pair('unknown'), 50).toFixed(2)}×, p99 ${ratio(pair('unknown'), 99).toFixed(2)}×`,
  );
  console.log(
    `    so far: 429s for the known-device member ${memberRefusals.known}, for the other ${memberRefusals.unknown}; sign-ins past the ${DEADLINE_MS / 1000} s deadline ${memberTimeouts.known} and ${memberTimeouts.unknown}`,
  );
}
const refused = memberRefusals.known;
console.log(
  `  429s for the member on a known device: ${refused} ${refused === 0 ? '✓' : '✗ OVER'} (target 0; ${refusedBefore} of them in the proxy floods); on a new browser: ${memberRefusals.unknown}`,
);

await app.close();
await db.destroy();
await database.close();
