/**
 * TRUST_PROXY decides who the client is: without it X-Forwarded-For and X-Forwarded-Host are the client's
 * own claims and change nothing (not the address limits are keyed by, not the host the CSRF guard compares).
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/src/config';
import { parseTrustProxy } from '../../core/src/trust-proxy';
import type { AppRouter } from '../src/api/trpc/router';
import { errorOf, STRONG_PASSWORD, signUp, signupInput, startTestApp, type TestApp } from './helpers';

const TOO_MANY = { message: 'Too many attempts. Please wait a few minutes and try again.', code: 'TOO_MANY_REQUESTS' };

function clientFrom(h: TestApp, forwardedFor: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${h.url}/trpc`, headers: { 'x-forwarded-for': forwardedFor } })],
  });
}

/** Wrong passwords for one address, each from the X-Forwarded-For the index gives. */
async function failLogins(h: TestApp, count: number, forwardedFor: (i: number) => string) {
  const results = [];
  for (let i = 0; i < count; i++) {
    results.push(
      await errorOf(
        clientFrom(h, forwardedFor(i)).auth.login.mutate({
          email: 'ada@acmefx.co.uk',
          password: 'wrong',
          mode: 'user',
        }),
      ),
    );
  }
  return results;
}

describe('TRUST_PROXY setting', () => {
  it.each([
    ['', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.0/8, 192.168.1.7 ,::1, fd00::/8, loopback', ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback']],
  ])('%j → %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('is off by default, and refuses `true` and entries that are not addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/would trust any client/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.local' })).toThrow(
      /not a hop count, address or CIDR range: 10.0.0.0\/33, proxy.local/,
    );
  });
});

describe('without a trusted proxy', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
    await signUp(h.t.db, h.client(), signupInput());
  });
  afterAll(() => h.close());

  it('a client rotating X-Forwarded-For is still one client to the limits', async () => {
    const results = await failLogins(h, 11, (i) => `203.0.113.${i}`);
    expect(results.slice(0, 10).every((r) => r.message === 'Invalid login credentials')).toBe(true);
    expect(results[10]).toEqual(TOO_MANY);
  });

  it('ignores X-Forwarded-Host: a cross-site Origin naming the forged host is refused', async () => {
    const res = await fetch(`${h.url}/trpc/auth.login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
      },
      body: JSON.stringify({ email: 'ada@acmefx.co.uk', password: STRONG_PASSWORD, mode: 'user' }),
    });
    expect(res.status).toBe(403);
  });

  it('keys limits by the socket address (app.inject from two addresses)', async () => {
    const login = (remoteAddress: string) =>
      h.app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
        payload: { email: 'nobody@acmefx.co.uk', password: 'wrong', mode: 'user' },
      });
    for (let i = 0; i < 10; i++) expect((await login('192.0.2.10')).statusCode).toBe(401);
    expect((await login('192.0.2.10')).statusCode).toBe(429);
    expect((await login('192.0.2.11')).statusCode).toBe(401);
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp({ trustProxy: 1 });
    await signUp(h.t.db, h.client(), signupInput());
  });
  afterAll(() => h.close());

  it('the client is the address the proxy appended; earlier entries are the client’s own claim', async () => {
    // The proxy appends the address it saw; whatever the client put before it is ignored.
    const fromA = await failLogins(h, 11, (i) => `10.9.9.${i}, 203.0.113.7`);
    expect(fromA[10]).toEqual(TOO_MANY);
    const fromB = await failLogins(h, 1, () => '203.0.113.8');
    expect(fromB[0]?.message).toBe('Invalid login credentials');
  });

  it('believes X-Forwarded-Host from the proxy for the same-origin check', async () => {
    const res = await fetch(`${h.url}/trpc/auth.login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'https://app.pippitch.example',
        'x-forwarded-host': 'app.pippitch.example',
        'x-forwarded-for': '203.0.113.50',
      },
      body: JSON.stringify({ email: 'ada@acmefx.co.uk', password: STRONG_PASSWORD, mode: 'user' }),
    });
    expect(res.status).toBe(200);
  });
});

describe('behind a proxy trusted by address (TRUST_PROXY=192.0.2.1)', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp({ trustProxy: ['192.0.2.1'] });
  });
  afterAll(() => h.close());

  // Each test guesses at an address of its own: unknown clients share 20 failures per address (issue 30), and
  // the first test's 22 would otherwise refuse the second's.
  const login = (remoteAddress: string, headers: Record<string, string>, email = 'nobody@acmefx.co.uk') =>
    h.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...headers },
      payload: { email, password: 'wrong', mode: 'user' },
    });

  it('takes X-Forwarded-For from that proxy only', async () => {
    // Through the proxy: eleven different clients, none limited.
    for (let i = 0; i < 11; i++) {
      expect((await login('192.0.2.1', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(401);
    }
    // Straight from another address: its forwarded header is ignored, so it is one client.
    const direct = [];
    for (let i = 0; i < 11; i++)
      direct.push((await login('192.0.2.2', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
    expect(direct.at(-1)).toBe(429);
  });

  it('takes X-Forwarded-Host from that proxy only', async () => {
    const headers = {
      origin: 'https://app.example',
      'x-forwarded-host': 'app.example',
      'x-forwarded-for': '203.0.113.99',
    };
    expect((await login('192.0.2.1', headers, 'someone@acmefx.co.uk')).statusCode).toBe(401);
    expect((await login('192.0.2.3', headers, 'someone@acmefx.co.uk')).statusCode).toBe(403);
  });
});
