/**
 * Who is limited by what (docs/decisions.md "Rate limits"). Clients are told apart by X-Forwarded-For from a
 * trusted proxy (TRUST_PROXY=1), as in production behind a load balancer.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLimits } from '../../core/src/services/auth/login';
import { clientKey, record } from '../../core/src/services/auth/rate-limit';
import { Tarpit } from '../../core/src/services/auth/tarpit';
import type { AppRouter } from '../src/api/trpc/router';
import {
  addMember,
  confirmInput,
  errorOf,
  STRONG_PASSWORD,
  signupInput,
  signupLinkToken,
  startTestApp,
  type TestApp,
} from './helpers';

const TOO_MANY = { message: 'Too many attempts. Please wait a few minutes and try again.', code: 'TOO_MANY_REQUESTS' };
const OWNER = 'ada@acmefx.co.uk';

let h: TestApp;
/** How long each refused sign-in was held (services/auth/tarpit.ts); the sleep returns at once, so no time passes. */
const held: number[] = [];
/** The device cookie of the owner's own browser, where they signed in before the attacks (issue 30 §2). */
let ownersDevice: string;
beforeAll(async () => {
  const recordingSleep = async (ms: number) => {
    held.push(ms);
  };
  h = await startTestApp({ trustProxy: 1 }, { signInTarpit: new Tarpit(1_000, 100, recordingSleep, () => 0) });
  await from('198.51.100.200').auth.signup.mutate(signupInput());
  await from('198.51.100.200').auth.confirmSignup.mutate(confirmInput(await signupLinkToken(h.t.db, OWNER)));
  const browser = h.client();
  await browser.api.auth.login.mutate({ email: OWNER, password: STRONG_PASSWORD, mode: 'user' });
  ownersDevice = `pp_device=${browser.cookies.get('pp_device')}`;
});
afterAll(() => h.close());

/** A client at `ip` (as the trusted proxy reports it), with a browser's cookies when given. */
function from(ip: string, cookie?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${h.url}/trpc`, headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } })],
  });
}

describe('login', () => {
  it('an attacker guessing one member’s password is stopped, and the member still signs in from elsewhere', async () => {
    const attacker = from('203.0.113.66');
    const guesses = [];
    const heldBefore = held.length;
    for (let i = 0; i < 12; i++) {
      guesses.push(await errorOf(attacker.auth.login.mutate({ email: OWNER, password: `guess-${i}`, mode: 'user' })));
    }
    expect(guesses.slice(0, 10).every((g) => g.message === 'Invalid login credentials')).toBe(true);
    expect(guesses.slice(10)).toEqual([TOO_MANY, TOO_MANY]);
    // Even the right password is refused to that client now: the limit comes before the password check.
    expect(
      await errorOf(attacker.auth.login.mutate({ email: OWNER, password: STRONG_PASSWORD, mode: 'user' })),
    ).toEqual(TOO_MANY);
    // Each refusal's answer was held back (a flood re-sending on every answer slows to a trickle, issue 30 §3); the
    // wrong passwords' answers were not (each already cost a password hash).
    expect(held.slice(heldBefore)).toEqual([1_000, 1_000, 1_000]);
    // The owner, elsewhere, is not locked out (a new browser: one client adds at most 10 to the shared count).
    const owner = await from('198.51.100.7').auth.login.mutate({
      email: OWNER,
      password: STRONG_PASSWORD,
      mode: 'admin',
    });
    expect(owner.redirectTo).toBe('/admin');
  });

  it('a client trying many addresses is stopped after 30 failures', async () => {
    const sprayer = from('203.0.113.77');
    const results = [];
    for (let i = 0; i < 31; i++) {
      results.push(await errorOf(sprayer.auth.login.mutate({ email: `u${i}@x.io`, password: 'wrong', mode: 'user' })));
    }
    expect(results.slice(0, 30).every((r) => r.message === 'Invalid login credentials')).toBe(true);
    expect(results[30]).toEqual(TOO_MANY);
    const res = await fetch(`${h.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
      body: JSON.stringify({ email: 'u99@x.io', password: 'wrong', mode: 'user' }),
    });
    expect(res.status).toBe(429);
  });

  it('unknown clients share 20 failures per address; a known device is judged by its own count only', async () => {
    const email = 'ceiling@acmefx.co.uk';
    const shared = loginLimits(email, '0.0.0.0', null).find((l) => l.key === `login:unknown-clients:${email}`);
    expect(shared).toMatchObject({ max: 20 });
    expect(loginLimits(email, '0.0.0.0', 'nonce')).toEqual([
      { key: 'login:device:nonce', max: 10, windowSeconds: 900 },
    ]);
    // 20 failures spread over clients (counted as the service counts them, without 20 password hashes).
    for (let i = 0; i < 20; i++) await record(h.t.db, [shared!]);
    expect(await errorOf(from('192.0.2.250').auth.login.mutate({ email, password: 'x', mode: 'user' }))).toEqual(
      TOO_MANY,
    );
  });

  it('counts an IPv6 client by its /64', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5');
  });
});

/** Sends `count` sign-in attempts for `email` as one tRPC batch from `ip`; returns each call's HTTP status. */
async function loginBatch(
  ip: string,
  email: string,
  passwords: string[],
): Promise<{ status: number; codes: number[] }> {
  const path = passwords.map(() => 'auth.login').join(',');
  const body = Object.fromEntries(passwords.map((password, i) => [String(i), { email, password, mode: 'user' }]));
  const res = await fetch(`${h.url}/trpc/${path}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { error?: { data?: { httpStatus?: number } } }[] | { error: unknown };
  const codes = Array.isArray(answer) ? answer.map((a) => a.error?.data?.httpStatus ?? 200) : [];
  return { status: res.status, codes };
}

describe('limits hold under any request shape (issue 19)', () => {
  it('a batch beyond the cap is refused whole, with a clear 400', async () => {
    const passwords = Array.from({ length: 200 }, (_, i) => `guess-${i}`);
    const path = passwords.map(() => 'auth.login').join(',');
    const body = Object.fromEntries(
      passwords.map((password, i) => [String(i), { email: OWNER, password, mode: 'user' }]),
    );
    const res = await fetch(`${h.url}/trpc/${path}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.150' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('A request may carry at most 10 calls. Please send fewer at once.');
    // Nothing of it ran: the same client still has its whole allowance.
    expect(
      (await errorOf(from('203.0.113.150').auth.login.mutate({ email: OWNER, password: 'x', mode: 'user' }))).message,
    ).toBe('Invalid login credentials');
  });

  it('one batch of 100 attempts gets none past (refused whole at the cap)', async () => {
    const email = 'hundred@acmefx.co.uk';
    const one = await loginBatch(
      '203.0.113.154',
      email,
      Array.from({ length: 100 }, (_, i) => `guess-${i}`),
    );
    expect(one.status).toBe(400);
    const counted = await h.t.db.selectFrom('rate_limits').select('key').where('key', 'like', `%${email}%`).execute();
    expect(counted).toEqual([]);
  });

  it('100 attempts in parallel batches of 10 get exactly the limit (10) past the limiter', async () => {
    const email = 'batch-target@acmefx.co.uk';
    const batches = await Promise.all(
      Array.from({ length: 10 }, (_, b) =>
        loginBatch(
          '203.0.113.151',
          email,
          Array.from({ length: 10 }, (_, i) => `guess-${b}-${i}`),
        ),
      ),
    );
    const codes = batches.flatMap((b) => b.codes);
    expect(codes).toHaveLength(100);
    // 401: checked and wrong; 429: refused by the limiter (or the hash queue) before any check.
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    const counted = await h.t.db
      .selectFrom('rate_limits')
      .select((eb) => eb.fn.sum<number>('hits').as('hits'))
      .where('key', '=', `login:unknown-clients:${email}`)
      .executeTakeFirst();
    // Refused attempts never reached the address's shared count: at most the 10 checked ones count there.
    expect(Number(counted?.hits ?? 0)).toBeLessThanOrEqual(10);
  });

  it('50 parallel single attempts get at most the limit past the limiter, and the owner still signs in on their browser', async () => {
    const attacker = from('203.0.113.152');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        errorOf(attacker.auth.login.mutate({ email: OWNER, password: `parallel-${i}`, mode: 'user' })),
      ),
    );
    const checked = results.filter((r) => r.message === 'Invalid login credentials').length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(results.every((r) => r.code === 'UNAUTHORIZED' || r.code === 'TOO_MANY_REQUESTS')).toBe(true);
    const owner = await from('198.51.100.71', ownersDevice).auth.login.mutate({
      email: OWNER,
      password: STRONG_PASSWORD,
      mode: 'admin',
    });
    expect(owner.redirectTo).toBe('/admin');
  });

  it('a batch of 101 wrong passwords from one address never locks the owner out of their browser', async () => {
    const floods = await Promise.all(
      Array.from({ length: 11 }, (_, b) =>
        loginBatch(
          '203.0.113.153',
          OWNER,
          Array.from({ length: b === 10 ? 1 : 10 }, (_, i) => `flood-${b}-${i}`),
        ),
      ),
    );
    expect(floods.flatMap((f) => f.codes)).toHaveLength(101);
    const owner = await from('198.51.100.72', ownersDevice).auth.login.mutate({
      email: OWNER,
      password: STRONG_PASSWORD,
      mode: 'user',
    });
    expect(owner.redirectTo).toBe('/calculator');
  });

  it('a correct password does not use up the allowance', async () => {
    // A member nobody attacked, from a browser that is not yet a known device.
    await addMember(h, 'Acme FX', 'office@acmefx.co.uk', 'junior');
    const office = from('198.51.100.73');
    for (let i = 0; i < 15; i++) {
      await office.auth.login.mutate({ email: 'office@acmefx.co.uk', password: STRONG_PASSWORD, mode: 'user' });
    }
    const rows = await h.t.db
      .selectFrom('rate_limits')
      .select((eb) => eb.fn.sum<number>('hits').as('hits'))
      .where('key', '=', `login:client:198.51.100.73`)
      .executeTakeFirst();
    expect(Number(rows?.hits ?? 0)).toBe(0);
  });
});

describe('signup', () => {
  it('allows 10 attempts an hour per client', async () => {
    const client = from('203.0.113.88');
    const results = [];
    for (let i = 0; i < 10; i++) {
      const input = signupInput({ companyName: `Spam ${i}`, companyDomain: `spam${i}.io`, email: `s${i}@spam.io` });
      results.push(
        await client.auth.signup.mutate(input).then(
          () => 'sent',
          (e: Error) => e.message,
        ),
      );
    }
    expect(results.slice(0, 10)).toEqual(Array(10).fill('sent'));
    const last = await errorOf(
      client.auth.signup.mutate(signupInput({ companyName: 'Spam X', companyDomain: 'spamx.io', email: 'sx@spam.io' })),
    );
    expect(last).toEqual(TOO_MANY);
    // Another client is unaffected.
    await from('198.51.100.9').auth.signup.mutate(
      signupInput({ companyName: 'Honest', companyDomain: 'honest.io', email: 'h@honest.io' }),
    );
  });
});

describe('reset links', () => {
  it('checking and using links is limited per client (30 an hour)', async () => {
    const prober = from('203.0.113.99');
    for (let i = 0; i < 29; i++) {
      expect(await prober.auth.checkResetToken.query({ token: `guess-${i}-aaaaaaaaaaaaaaaaaaaaaa` })).toEqual({
        valid: false,
      });
    }
    expect(
      (
        await errorOf(
          prober.auth.resetPassword.mutate({ token: 'guess-x-aaaaaaaaaaaaaaaaaaaaaa', password: 'N3w-pass!' }),
        )
      ).message,
    ).toBe('Invalid or expired reset link. Please request a new password reset.');
    expect(await errorOf(prober.auth.checkResetToken.query({ token: 'guess-y-aaaaaaaaaaaaaaaaaaaaaa' }))).toEqual(
      TOO_MANY,
    );
    expect(
      await errorOf(
        prober.auth.resetPassword.mutate({ token: 'guess-z-aaaaaaaaaaaaaaaaaaaaaa', password: 'N3w-pass!' }),
      ),
    ).toEqual(TOO_MANY);
    expect(await from('198.51.100.10').auth.checkResetToken.query({ token: 'other-aaaaaaaaaaaaaaaaaaaaaa' })).toEqual({
      valid: false,
    });
  });
});

describe('public token pages', () => {
  it('the unsubscribe link and shared packs are limited per client', async () => {
    const prober = from('203.0.113.160');
    for (let i = 0; i < 30; i++) {
      expect(
        (await errorOf(prober.alerts.unsubscribe.mutate({ token: `${'a'.repeat(60)}${i}`.padEnd(64, '0') }))).code,
      ).toBe('NOT_FOUND');
    }
    expect(await errorOf(prober.alerts.unsubscribe.mutate({ token: 'b'.repeat(64) }))).toEqual(TOO_MANY);
    for (let i = 0; i < 120; i++) {
      expect((await errorOf(prober.packs.shared.query({ token: `guess-${i}-aaaaaaaaaaaaaaaaaaaaaaaa` }))).code).toBe(
        'NOT_FOUND',
      );
    }
    expect(await errorOf(prober.packs.shared.query({ token: 'guess-last-aaaaaaaaaaaaaaaaaaaaa' }))).toEqual(TOO_MANY);
    // Another client is unaffected.
    expect(
      (await errorOf(from('198.51.100.80').packs.shared.query({ token: 'other-aaaaaaaaaaaaaaaaaaaaaaaa' }))).code,
    ).toBe('NOT_FOUND');
    // The shared page's logo (a URL holding the token) too.
    const logo = (ip: string) =>
      fetch(`${h.url}/api/packs/shared-logo?token=${'x'.repeat(43)}`, { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 120; i++) expect((await logo('203.0.113.161')).status).toBe(404);
    expect((await logo('203.0.113.161')).status).toBe(429);
    expect((await logo('198.51.100.81')).status).toBe(404);
  });
});
