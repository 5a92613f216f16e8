/**
 * Server faults leave a trace (JSON lines with the request id the client was given), and no log line ever
 * holds a password, a token or a cookie.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../core/src/config';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { buildApp } from '../src/api/app';
import { loggerOptions } from '../src/api/http/logging';
import { createClient, signUp, signupInput } from './helpers';

const PASSWORD = 'Sup3r-secret-pass!';
let t: TestDatabase;
let app: FastifyInstance;
let url: string;
const lines: string[] = [];
const logged = () => lines.join('');
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  t = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({ config: testConfig({ databaseUrl: t.url }), db: t.db, serveWeb: false, logger: { stream } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await signUp(t.db, createClient(url), signupInput({ password: PASSWORD }));
});

afterAll(async () => {
  await app.close();
  await t.drop();
});

async function login(password: string) {
  return fetch(`${url}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@acmefx.co.uk', password, mode: 'user' }),
  });
}

describe('logs', () => {
  it('a 500 is logged as an error with the request id the response carries, and no password', async () => {
    // A real fault: the table the sign-in limit counts in has gone.
    await sql`ALTER TABLE rate_limits RENAME TO rate_limits_gone`.execute(t.db);
    try {
      const res = await login(PASSWORD);
      expect(res.status).toBe(500);
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toBe('Something went wrong. Please try again.');
      const requestId = res.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      await expect
        .poll(() => entries().find((e) => e.reqId === requestId && e.level === 50))
        .toMatchObject({
          msg: 'procedure failed',
          path: 'auth.login',
          err: { message: expect.stringContaining('rate_limits') },
        });
    } finally {
      await sql`ALTER TABLE rate_limits_gone RENAME TO rate_limits`.execute(t.db);
    }
    expect(logged()).not.toContain(PASSWORD);
  });

  it('a sign-in, a wrong one, and requests carrying the session cookie or a reset token log none of them', async () => {
    const ok = await login(PASSWORD);
    expect(ok.status).toBe(200);
    const cookie = ok.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const sessionToken = cookie.split('=')[1] ?? '';
    expect(sessionToken.length).toBeGreaterThan(20);
    expect((await login('Wrong-password-123')).status).toBe(401);
    await fetch(`${url}/trpc/auth.session`, { headers: { cookie } });
    const resetToken = 'reset-token-that-must-not-be-logged-0123456789';
    const check = await fetch(
      `${url}/trpc/auth.checkResetToken?input=${encodeURIComponent(JSON.stringify({ token: resetToken }))}`,
    );
    expect(check.status).toBe(200);

    // Even an explicit log of secrets is redacted.
    app.log.error(
      { input: { password: 'pw-explicit', token: 'tok-explicit' }, req: { headers: { cookie: 'ck-explicit' } } },
      'x',
    );

    const text = logged();
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [
      PASSWORD,
      'Wrong-password-123',
      sessionToken,
      resetToken,
      'pw-explicit',
      'tok-explicit',
      'ck-explicit',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('are off in tests by default, JSON in production and readable in development', () => {
    expect(loggerOptions(testConfig(), 'default')).toBe(false);
    expect(loggerOptions(testConfig({ env: 'production' }), 'default')).not.toHaveProperty('stream');
    expect(loggerOptions(testConfig({ env: 'development' }), 'default')).toHaveProperty('stream');
    expect(loggerOptions(testConfig({ env: 'production' }), false)).toBe(false);
  });
});
