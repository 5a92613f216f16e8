/** Security headers on every kind of response: API, health, errors, refusals; HSTS in production only. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, testConfig } from '../../core/src/config';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { buildApp } from '../src/api/app';

let t: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.drop();
});

async function appWith(overrides: Partial<Config>) {
  const app = await buildApp({
    config: testConfig({ databaseUrl: t.url, ...overrides }),
    db: t.db,
    serveWeb: false,
    logger: false,
  });
  apps.push(app);
  return app;
}

const REQUESTS = [
  { name: 'health', method: 'GET', url: '/api/health' },
  { name: 'a query', method: 'GET', url: '/trpc/auth.session' },
  { name: 'a bad request', method: 'GET', url: '/trpc/rates.series?input=%7B' },
  { name: 'not found', method: 'GET', url: '/api/nothing-here' },
  {
    name: 'a refused cross-site POST',
    method: 'POST',
    url: '/trpc/auth.logout',
    headers: { origin: 'https://evil.example' },
  },
] as const;

describe('security headers', () => {
  it.each(REQUESTS)('on $name', async ({ method, url, ...rest }) => {
    const app = await appWith({});
    const res = await app.inject({ method, url, headers: 'headers' in rest ? rest.headers : {} });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('upgrade-insecure-requests'); // plain http here
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // API answers are never stored, and never indexed.
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('secret-link pages are never indexed; public pages may be', async () => {
    const app = await appWith({});
    for (const url of ['/p/abcdefghijklmnopqrstuvwxyz', '/join?token=x', '/reset-password', '/unsubscribe?token=y']) {
      expect((await app.inject({ method: 'GET', url })).headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    for (const url of ['/', '/pricing', '/terms']) {
      expect((await app.inject({ method: 'GET', url })).headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('HSTS and upgrade-insecure-requests in production (behind TLS)', async () => {
    const app = await appWith({ env: 'production', cookieSecure: true });
    const res = await app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
