/**
 * Sessions held in memory (issue 35) lose no revocation: two server instances, each with its own pool, session cache
 * and LISTEN connection, over one database. The cache's bound is an hour here, so only the database's announcement
 * (or, on the instance that made the change, the mutation itself) can refuse the next call within these waits.
 * Sign-out, deactivation, role change and lock each refuse the next call on the instance that made the change at once
 * and on the other within 100 ms (the bound is the wait's; nothing else is timed).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../core/src/config';
import { AccessFeed } from '../../core/src/services/auth/access-feed';
import { hashPassword } from '../../core/src/services/auth/passwords';
import { SessionCache } from '../../core/src/services/auth/session-cache';
import { runTrialLifecycle } from '../../core/src/services/billing/trial-lifecycle';
import { createDb, createPool, type Database } from '../../sql/src/index';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { buildApp } from '../src/api/app';
import { createClient, errorOf, STRONG_PASSWORD, signUp, signupInput, type TestClient } from './helpers';

const HOUR = 3_600_000;
const OTHER_PROCESS_BOUND_MS = 100;
const clock = { now: new Date() };

interface Instance {
  app: FastifyInstance;
  url: string;
  db: Database;
  cache: SessionCache;
  feed: AccessFeed;
}

let t: TestDatabase;
let a: Instance;
let b: Instance;

async function startInstance(url: string): Promise<Instance> {
  const db = createDb(createPool(url, { max: 4, timeouts: 'request' }));
  const feed = new AccessFeed(url);
  const cache = new SessionCache(db, { ttlMs: HOUR, feed });
  const app = await buildApp({
    config: testConfig({ databaseUrl: url }),
    db,
    serveWeb: false,
    deps: { now: () => clock.now, seriesCache: null, sessionCache: cache },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // Listening before any test starts (bounded: a database that never answers fails here, not later).
  for (let waited = 0; !feed.connected; waited += 10) {
    if (waited > 10_000) throw new Error('the access feed did not connect');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, db, cache, feed };
}

async function stopInstance(i: Instance): Promise<void> {
  await i.app.close();
  await i.cache.stop();
  await i.feed.stop();
  await i.db.destroy();
}

beforeAll(async () => {
  t = await createTestDatabase();
  a = await startInstance(t.url);
  b = await startInstance(t.url);
  // The owner signs the company up on A; admin seats for the members the tests promote and demote.
  await signUp(t.db, createClient(a.url), signupInput({ adminSeats: 4, brokerSeats: 6 }));
  await t.db
    .updateTable('user_profiles')
    .set({ role_type: 'super_admin' })
    .where('email', '=', 'ada@acmefx.co.uk')
    .execute();
});

afterAll(async () => {
  if (a) await stopInstance(a);
  if (b) await stopInstance(b);
  await t?.drop();
});

async function addMember(email: string, role: 'admin' | 'junior'): Promise<string> {
  const company = await t.db.selectFrom('companies').select('id').executeTakeFirstOrThrow();
  const user = await t.db
    .insertInto('user_profiles')
    .values({ company_id: company.id, email, full_name: email, role_type: role })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('user_credentials')
    .values({ user_id: user.id, password_hash: await hashPassword(STRONG_PASSWORD) })
    .execute();
  return user.id;
}

/** One person signed in on A, and the same browser (its cookie) talking to B. */
async function signedInOnBoth(email: string, mode: 'user' | 'admin' = 'user') {
  const onA = createClient(a.url);
  await onA.api.auth.login.mutate({ email, password: STRONG_PASSWORD, mode });
  const onB = createClient(b.url);
  for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
  return { onA, onB };
}

/** A member's call (memberProcedure) and an admin's (adminProcedure). */
const memberCall = (c: TestClient) => c.api.market.calendarRange.query({ pair: 'GBPUSD' });
const adminCall = (c: TestClient) => c.api.team.members.query();

/** Both instances answered the call and hold the session: what follows is the cache's doing, not a cold read's. */
async function warm(pair: { onA: TestClient; onB: TestClient }, call: (c: TestClient) => Promise<unknown>) {
  await call(pair.onA);
  await call(pair.onB);
  expect(a.cache.held).toBeGreaterThan(0);
  expect(b.cache.held).toBeGreaterThan(0);
}

/**
 * Calls until the call is refused, and returns the refusal's code; fails if a call started more than `boundMs` after
 * the change is still answered.
 */
async function refusedWithin(boundMs: number, call: () => Promise<unknown>): Promise<string | undefined> {
  const from = performance.now();
  for (;;) {
    const started = performance.now();
    const refused = await call().then(
      () => null,
      (err: { data?: { code?: string } }) => err,
    );
    if (refused) return refused.data?.code;
    if (started - from > boundMs) throw new Error(`the call was still answered ${boundMs} ms after the change`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Reads until the value is `expected`; fails if a read started more than `boundMs` after the change is not. */
async function changedWithin(boundMs: number, read: () => Promise<unknown>, expected: unknown): Promise<void> {
  const from = performance.now();
  for (;;) {
    const started = performance.now();
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected)) return;
    if (started - from > boundMs) expect(value).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('a change on one process refuses the next call on the other within 100 ms', () => {
  it('sign-out', async () => {
    const ada = await signedInOnBoth('ada@acmefx.co.uk');
    await warm(ada, memberCall);
    await ada.onA.api.auth.logout.mutate();
    // A's cookie jar dropped the cookie; the old cookie is what a stolen copy would send.
    const stale = createClient(a.url);
    for (const [name, value] of ada.onB.cookies) stale.cookies.set(name, value);
    expect((await errorOf(memberCall(stale))).code).toBe('UNAUTHORIZED');
    expect(await refusedWithin(OTHER_PROCESS_BOUND_MS, () => memberCall(ada.onB))).toBe('UNAUTHORIZED');
    expect(await ada.onB.api.auth.session.query()).toBeNull();
  });

  it('deactivation', async () => {
    const maxId = await addMember('max@acmefx.co.uk', 'junior');
    const max = await signedInOnBoth('max@acmefx.co.uk');
    const owner = await signedInOnBoth('ada@acmefx.co.uk', 'admin');
    await warm(max, memberCall);
    await owner.onA.api.team.setActive.mutate({ memberId: maxId, active: false });
    expect((await errorOf(memberCall(max.onA))).code).toBe('UNAUTHORIZED');
    expect(await refusedWithin(OTHER_PROCESS_BOUND_MS, () => memberCall(max.onB))).toBe('UNAUTHORIZED');
  });

  it('role change', async () => {
    const eveId = await addMember('eve@acmefx.co.uk', 'admin');
    const eve = await signedInOnBoth('eve@acmefx.co.uk', 'admin');
    const owner = await signedInOnBoth('ada@acmefx.co.uk', 'admin');
    await warm(eve, adminCall);
    await owner.onA.api.team.setRole.mutate({ memberId: eveId, role: 'broker' });
    expect((await errorOf(adminCall(eve.onA))).code).toBe('FORBIDDEN');
    expect(await refusedWithin(OTHER_PROCESS_BOUND_MS, () => adminCall(eve.onB))).toBe('FORBIDDEN');
    // Still signed in as a broker, on both.
    expect((await eve.onB.api.auth.session.query())?.user.role).toBe('broker');
    await memberCall(eve.onA);
  });

  it('lock (the worker ends the trial: a third process, neither server)', async () => {
    const owner = await signedInOnBoth('ada@acmefx.co.uk');
    await warm(owner, memberCall);
    const worker = createDb(createPool(t.url, { max: 1 }));
    try {
      const run = await runTrialLifecycle(worker, new Date(clock.now.getTime() + 61 * 86_400_000), t.url);
      expect(run.locked).toBe(1);
    } finally {
      await worker.destroy();
    }
    expect(await refusedWithin(OTHER_PROCESS_BOUND_MS, () => memberCall(owner.onA))).toBe('FORBIDDEN');
    expect(await refusedWithin(OTHER_PROCESS_BOUND_MS, () => memberCall(owner.onB))).toBe('FORBIDDEN');
    expect((await owner.onB.api.auth.session.query())?.company.access).not.toBe('granted');
  });
});

describe("auth.session's margin state, held with the session", () => {
  it('follows a policy change made on the other process and a decision written by a third', async () => {
    await t.db
      .updateTable('companies')
      .set({ account_locked: false, subscription_status: 'active', subscription_active: true })
      .execute();
    const owner = await signedInOnBoth('ada@acmefx.co.uk', 'admin');
    const before = await owner.onB.api.auth.session.query();
    expect(before?.margin).toEqual({ marginOptions: [0, 10, 20, 30, 40, 50], unreadDecisions: 0 });
    await owner.onB.api.auth.session.query(); // now served from B's memory
    expect(b.cache.held).toBeGreaterThan(0);

    await owner.onA.api.margin.updatePolicy.mutate({
      floors: { GBPUSD: [{ fromGbp: 100_000, toGbp: 1_000_000, floorBps: 50 }] },
      marginOptions: [0, 10, 20],
    });
    await changedWithin(
      OTHER_PROCESS_BOUND_MS,
      async () => (await owner.onB.api.auth.session.query())?.margin.marginOptions,
      [0, 10, 20],
    );

    const ada = await t.db
      .selectFrom('user_profiles')
      .select(['id', 'company_id'])
      .where('email', '=', 'ada@acmefx.co.uk')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('notifications')
      .values({ user_id: ada.id, company_id: ada.company_id, kind: 'margin_approved', title: 'Approved', body: 'Yes' })
      .execute();
    await changedWithin(
      OTHER_PROCESS_BOUND_MS,
      async () => (await owner.onB.api.auth.session.query())?.margin.unreadDecisions,
      1,
    );
    await changedWithin(
      OTHER_PROCESS_BOUND_MS,
      async () => (await owner.onA.api.auth.session.query())?.margin.unreadDecisions,
      1,
    );
  });
});

describe('while the announcements are not heard', () => {
  it('nothing is held: a change nobody could announce to this cache is seen by the next read', async () => {
    const feed = new AccessFeed(t.url);
    const cache = new SessionCache(t.db, { ttlMs: HOUR, feed });
    try {
      for (let waited = 0; !feed.connected; waited += 10) {
        if (waited > 10_000) throw new Error('the access feed did not connect');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await addMember('zoe@acmefx.co.uk', 'admin');
      const zoe = await signedInOnBoth('zoe@acmefx.co.uk');
      const token = zoe.onA.cookies.get('pp_session');
      expect((await cache.resolve(token, clock.now))?.user.role).toBe('admin');
      expect(cache.held).toBe(1);
      await feed.stop(); // the LISTEN connection gone: announcements from here on are missed
      expect(cache.held).toBe(0);
      await t.db
        .updateTable('user_profiles')
        .set({ role_type: 'junior' })
        .where('email', '=', 'zoe@acmefx.co.uk')
        .execute();
      expect((await cache.resolve(token, clock.now))?.user.role).toBe('broker');
      await t.db.deleteFrom('sessions').execute();
      expect(await cache.resolve(token, clock.now)).toBeNull();
    } finally {
      await cache.stop();
      await feed.stop();
    }
  });
});

describe('last_seen_at', () => {
  it('is written off the request path, at most once a minute per session, whichever process sees it', async () => {
    clock.now = new Date();
    await addMember('ben@acmefx.co.uk', 'junior');
    const ben = await signedInOnBoth('ben@acmefx.co.uk');
    const lastSeen = async () =>
      (
        await t.db
          .selectFrom('sessions as s')
          .innerJoin('user_profiles as u', 'u.id', 's.user_id')
          .select('s.last_seen_at')
          .where('u.email', '=', 'ben@acmefx.co.uk')
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const start = clock.now.getTime();
    await ben.onA.api.auth.session.query();
    await a.cache.flush();
    const first = await lastSeen();

    clock.now = new Date(start + 2 * 60_000);
    await ben.onA.api.auth.session.query();
    await a.cache.flush();
    expect(await lastSeen()).toBe(start + 2 * 60_000);

    // Within the minute: neither the same process nor the other writes it again.
    clock.now = new Date(start + 2.5 * 60_000);
    await ben.onA.api.auth.session.query();
    await ben.onB.api.auth.session.query();
    await a.cache.flush();
    await b.cache.flush();
    expect(await lastSeen()).toBe(start + 2 * 60_000);

    clock.now = new Date(start + 3.5 * 60_000);
    await ben.onB.api.auth.session.query();
    await b.cache.flush();
    expect(await lastSeen()).toBe(start + 3.5 * 60_000);
    expect(first).toBeLessThanOrEqual(start + 2 * 60_000);
    clock.now = new Date();
  });
});
