/**
 * A live stream ends as soon as its member loses access, announced by the database (NOTIFY on
 * access_changed, sql/migrations/0007): the periodic safety net is set to an hour here, so only the
 * announcement can end a stream within these tests' bounded waits.
 */
import { LIVE_CLOSE } from '@pippitch/shared/live-quote';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../core/src/config';
import { QuoteHub } from '../../core/src/market/live/quote-hub';
import { hashPassword } from '../../core/src/services/auth/passwords';
import { SessionWatch } from '../../core/src/services/auth/session-watch';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { buildApp } from '../src/api/app';
import { createClient, STRONG_PASSWORD, signUp, signupInput, type TestClient } from './helpers';
import { cookieHeader, openLive } from './live-socket';

let t: TestDatabase;
let app: FastifyInstance;
let hub: QuoteHub;
let url: string;
const HOUR = 3_600_000;
const ENDS_WITHIN = { timeout: 10_000, interval: 20 };
/** How the server closes a live socket whose session ended (the browser then sends the person to sign in). */
const SIGNED_OUT = `${LIVE_CLOSE.signedOut}: Please sign in to continue`;
const NO_ACCESS = `${LIVE_CLOSE.noAccess}: Your company account is locked. Start a new subscription to continue.`;

beforeAll(async () => {
  t = await createTestDatabase();
  await sql`INSERT INTO fx_quotes (pair, ts, bid, ask, mid, source) VALUES
    ('GBPUSD', now(), 1.3100, 1.3102, 1.3101, 'simulated')`.execute(t.db);
  hub = new QuoteHub(t.db, t.url);
  hub.start();
  const sessions = new SessionWatch(t.db, { intervalMs: HOUR, listenUrl: t.url });
  app = await buildApp({
    config: testConfig({ databaseUrl: t.url }),
    db: t.db,
    serveWeb: false,
    deps: { now: () => new Date(), quotes: hub, sessions },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await app.close();
  await hub.stop();
  await t.drop();
});

function cookieOf(c: TestClient): string {
  return cookieHeader(c.cookies);
}

/** A live-quote socket; `ended` is how the server closed it ('' while open). */
function subscribe(cookie: string) {
  const live = openLive(url, cookie);
  return {
    state: {
      received: live.received,
      get ended() {
        return live.closed ? `${live.closed.code}: ${live.closed.reason}` : '';
      },
    },
    close: live.close,
  };
}

/** A new company with its admin signed in; returns the client and an open, receiving stream. */
async function memberWithStream(name: string) {
  const c = createClient(url);
  const domain = `${name.toLowerCase()}.io`;
  await signUp(t.db, c, signupInput({ companyName: name, companyDomain: domain, email: `a@${domain}` }));
  const stream = subscribe(cookieOf(c));
  await expect.poll(() => stream.state.received.length, ENDS_WITHIN).toBeGreaterThan(0);
  return { c, stream, email: `a@${domain}` };
}

/** A fresh quote reaches every open stream (proves a stream is still live). */
async function publishQuote(mid: number) {
  hub.publish([{ pair: 'GBPUSD', bid: mid, ask: mid, mid, timestamp: Date.now(), source: 'simulated' }]);
}

describe('live streams end when access ends', () => {
  it('at sign-out', async () => {
    const { c, stream } = await memberWithStream('SignOut');
    await c.api.auth.logout.mutate();
    await expect.poll(() => stream.state.ended, ENDS_WITHIN).toBe(SIGNED_OUT);
    stream.close();
  });

  it('at deactivation by an admin, and when a profile is deactivated directly', async () => {
    const { c: admin, email } = await memberWithStream('Deact');
    const company = await t.db
      .selectFrom('user_profiles')
      .select('company_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const broker = await t.db
      .insertInto('user_profiles')
      .values({ company_id: company.company_id, email: 'b@deact.io', full_name: 'B', role_type: 'junior' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_credentials')
      .values({ user_id: broker.id, password_hash: await hashPassword(STRONG_PASSWORD) })
      .execute();
    const signIn = async () => {
      const b = createClient(url);
      await b.api.auth.login.mutate({ email: 'b@deact.io', password: STRONG_PASSWORD, mode: 'user' });
      const s = subscribe(cookieOf(b));
      await expect.poll(() => s.state.received.length, ENDS_WITHIN).toBeGreaterThan(0);
      return s;
    };

    const first = await signIn();
    await admin.api.team.setActive.mutate({ memberId: broker.id, active: false });
    await expect.poll(() => first.state.ended, ENDS_WITHIN).toBe(SIGNED_OUT);
    first.close();

    // Deactivated in the database without its sessions being deleted: the profile change itself is announced.
    await admin.api.team.setActive.mutate({ memberId: broker.id, active: true });
    const second = await signIn();
    await t.db.updateTable('user_profiles').set({ is_active: false }).where('id', '=', broker.id).execute();
    await expect.poll(() => second.state.ended, ENDS_WITHIN).toBe(SIGNED_OUT);
    second.close();
  });

  it('when the company is locked, and only that company’s streams', async () => {
    const locked = await memberWithStream('LockMe');
    const other = await memberWithStream('StaysOpen');
    await t.db.updateTable('companies').set({ account_locked: true }).where('name', '=', 'LockMe').execute();
    // The locked page, not the sign-in page: the member is still signed in, their company has no access.
    await expect.poll(() => locked.stream.state.ended, ENDS_WITHIN).toBe(NO_ACCESS);

    await publishQuote(1.4242);
    await expect.poll(() => other.stream.state.received.some((q) => q.mid === 1.4242), ENDS_WITHIN).toBe(true);
    expect(other.stream.state.ended).toBe('');
    locked.stream.close();
    other.stream.close();
  });

  it('when the trial is ended by a change to its end date', async () => {
    const { stream } = await memberWithStream('TrialOver');
    await t.db
      .updateTable('companies')
      .set({ trial_ends_at: new Date(Date.now() - 60_000) })
      .where('name', '=', 'TrialOver')
      .execute();
    await expect.poll(() => stream.state.ended, ENDS_WITHIN).toBe(NO_ACCESS);
    stream.close();
  });

  it('at a password reset', async () => {
    const { stream, email } = await memberWithStream('ResetCo');
    await createClient(url).api.auth.requestPasswordReset.mutate({ email });
    const mail = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('template', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    const token = /access_token=([\w-]+)/.exec(mail.text_body)?.[1] ?? '';
    await createClient(url).api.auth.resetPassword.mutate({ token, password: 'N3w-password!' });
    await expect.poll(() => stream.state.ended, ENDS_WITHIN).toBe(SIGNED_OUT);
    stream.close();
  });
});
