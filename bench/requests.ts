/**
 * The signed-in floor (issue 35): what one request costs, beside a bare node:http server in the same run.
 *   bare node:http · a static file (robots.txt) · auth.session anonymous · auth.session signed in ·
 *   market.calendarRange signed in (a cheap query)
 * each sequential (one keep-alive client) and with 32 concurrent keep-alive clients. The app is built as the
 * server's entry builds it (JSON request logs as in production, written to a null stream; the pool's size and
 * timeouts of server/src/main.ts), in development mode so its Server-Timing header says where the time went (the
 * median of each stage is printed; production differs by that header and HSTS).
 * Target: signed-in auth.session p50 ≤ 1.5× the anonymous one, p99 ≤ 2× (sequential); the concurrent ratios are
 * printed for the record. Every request has a deadline: the script never hangs.
 *   tsx bench/requests.ts
 */
import http from 'node:http';
import { Writable } from 'node:stream';
import { testConfig } from '../core/src/config';
import { createSession } from '../core/src/services/auth/sessions';
import { signUpCompany } from '../core/src/services/auth/signup';
import { buildApp } from '../server/src/api/app';
import { createDb, createPool } from '../sql/src/index';
import { benchDatabase, ms, percentile } from './lib/stats';

const SEQUENTIAL = 1_000; // requests per kind, over ROUNDS rounds
const CONCURRENT_CLIENTS = 32;
const CONCURRENT_EACH = 24; // requests per client per kind, over ROUNDS rounds
const ROUNDS = 4;
const DEADLINE_MS = 10_000;

const database = await benchDatabase('requests');
const db = createDb(createPool(database.url, { max: 20, timeouts: 'request' }));
const devNull = new Writable({ write: (_chunk, _enc, done) => done() });
const app = await buildApp({
  config: { ...testConfig({ databaseUrl: database.url, trustProxy: 1 }), env: 'development', cookieSecure: false },
  db,
  logger: { stream: devNull },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const appPort = (app.server.address() as { port: number }).port;

// The baseline: node:http answering a small JSON body, nothing else.
const bare = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"result":{"data":null}}');
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const barePort = (bare.address() as { port: number }).port;

const { userId } = await signUpCompany(
  db,
  {
    companyName: 'Bench FX',
    companyDomain: 'benchfx.co.uk',
    fullName: 'Ada Admin',
    email: 'ada@benchfx.co.uk',
    password: 'Str0ng!pass',
    billing: 'monthly',
    adminSeats: 1,
    brokerSeats: 2,
  },
  { ip: '127.0.0.1' },
);
const { token } = await createSession(db, userId, { userAgent: 'bench', ip: '127.0.0.1' });
const cookie = `pp_session=${token}`;

interface Kind {
  label: string;
  port: number;
  path: string;
  cookie?: string;
  /** What a right answer holds (a wrong one stops the run rather than being measured). */
  expect?: string;
}
const calendarInput = encodeURIComponent(JSON.stringify({ pair: 'GBPUSD' }));
const KINDS: Kind[] = [
  { label: 'bare node:http', port: barePort, path: '/' },
  { label: 'static file (robots.txt)', port: appPort, path: '/robots.txt', expect: 'User-agent' },
  { label: 'auth.session, anonymous', port: appPort, path: '/trpc/auth.session', expect: '"data":null' },
  { label: 'auth.session, signed in', port: appPort, path: '/trpc/auth.session', cookie, expect: 'ada@benchfx' },
  {
    label: 'market.calendarRange, signed in',
    port: appPort,
    path: `/trpc/market.calendarRange?input=${calendarInput}`,
    cookie,
    expect: '"result"',
  },
];

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENT_CLIENTS });

/** One request; each client has an address of its own (the per-client cap of 24 in flight is not what we measure). */
function get(kind: Kind, client: number): Promise<number> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: kind.port,
        path: kind.path,
        agent,
        headers: { ...(kind.cookie ? { cookie: kind.cookie } : {}), 'x-forwarded-for': `198.51.100.${1 + client}` },
        signal: AbortSignal.timeout(DEADLINE_MS),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => {
          const elapsed = performance.now() - t;
          const timing = res.headers['server-timing'];
          if (typeof timing === 'string') recordStages(kind.label, timing);
          if (res.statusCode !== 200 || (kind.expect && !body.includes(kind.expect))) {
            reject(new Error(`${kind.label} answered ${res.statusCode}: ${body.slice(0, 200)}`));
          } else resolve(elapsed);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** Server-Timing's stages per kind ('session;dur=0.12, access;dur=…'). */
const stages = new Map<string, Map<string, number[]>>();
function recordStages(label: string, header: string): void {
  const byStage = stages.get(label) ?? new Map<string, number[]>();
  stages.set(label, byStage);
  for (const part of header.split(',')) {
    const [name = '', dur = ''] = part.trim().split(';dur=');
    byStage.set(name, [...(byStage.get(name) ?? []), Number(dur)]);
  }
}

type Samples = Map<string, number[]>;
const sequential: Samples = new Map(KINDS.map((k) => [k.label, []]));
const concurrent: Samples = new Map(KINDS.map((k) => [k.label, []]));

// Warm up: JIT, the pool's connections, the first session read.
for (const kind of KINDS) for (let i = 0; i < 50; i++) await get(kind, 0);

for (let round = 0; round < ROUNDS; round++) {
  // Sequential requests take turns, one of each kind after another: a busy machine's moments fall on all alike.
  for (let i = 0; i < SEQUENTIAL / ROUNDS; i++) {
    for (const kind of KINDS) (sequential.get(kind.label) as number[]).push(await get(kind, 0));
  }
  for (const kind of KINDS) {
    const into = concurrent.get(kind.label) as number[];
    await Promise.all(
      Array.from({ length: CONCURRENT_CLIENTS }, async (_, client) => {
        for (let i = 0; i < CONCURRENT_EACH / ROUNDS; i++) into.push(await get(kind, client));
      }),
    );
  }
}

function table(title: string, samples: Samples): { p50: number; p99: number } {
  console.log(`\n${title}`);
  for (const kind of KINDS) {
    const s = samples.get(kind.label) as number[];
    console.log(
      `  ${kind.label.padEnd(34)} p50 ${ms(percentile(s, 50)).padStart(9)}  p99 ${ms(percentile(s, 99)).padStart(9)}  (${s.length})`,
    );
  }
  const anon = samples.get('auth.session, anonymous') as number[];
  const signed = samples.get('auth.session, signed in') as number[];
  const p50 = percentile(signed, 50) / percentile(anon, 50);
  const p99 = percentile(signed, 99) / percentile(anon, 99);
  const cheap = samples.get('market.calendarRange, signed in') as number[];
  console.log(
    `  signed-in / anonymous auth.session: p50 ${p50.toFixed(2)}×, p99 ${p99.toFixed(2)}×; calendarRange / anonymous: p50 ${(percentile(cheap, 50) / percentile(anon, 50)).toFixed(2)}×`,
  );
  return { p50, p99 };
}

console.log(
  `\nOne request, ${SEQUENTIAL} sequential and ${CONCURRENT_CLIENTS} clients × ${CONCURRENT_EACH} concurrent per kind, keep-alive, in one run`,
);
const seq = table('sequential (one client)', sequential);
const con = table(`${CONCURRENT_CLIENTS} concurrent clients`, concurrent);
console.log('\nwhere the time went (Server-Timing, medians over both runs, ms)');
for (const [label, byStage] of stages) {
  const parts = [...byStage].map(([name, v]) => `${name} ${percentile(v, 50).toFixed(3)}`);
  console.log(`  ${label.padEnd(34)} ${parts.join('  ')}`);
}
const ok = seq.p50 <= 1.5 && seq.p99 <= 2;
console.log(
  `\n  sequential signed-in auth.session: p50 ${seq.p50.toFixed(2)}× ${seq.p50 <= 1.5 ? '✓' : '✗ OVER'} (≤ 1.5×), p99 ${seq.p99.toFixed(2)}× ${seq.p99 <= 2 ? '✓' : '✗ OVER'} (≤ 2×)  (issue 35); concurrent p50 ${con.p50.toFixed(2)}×, p99 ${con.p99.toFixed(2)}× for the record`,
);

agent.destroy();
await new Promise((resolve) => bare.close(resolve));
await app.close();
await db.destroy();
await database.close();
if (!ok) process.exitCode = 1;
