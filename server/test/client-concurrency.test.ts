import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerClientConcurrency, TOO_MANY_AT_ONCE } from '../src/api/http/client-concurrency';

describe('requests in flight per client', () => {
  it('refuses a client more than the cap at once, and takes it again when one finishes', async () => {
    const app = Fastify();
    registerClientConcurrency(app, 2);
    let release!: () => void;
    const held = new Promise<void>((ok) => {
      release = ok;
    });
    let arrived = 0;
    app.get('/api/slow', async () => {
      arrived++;
      await held;
      return { ok: true };
    });
    app.get('/api/billing/stripe/webhook', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const first = fetch(`${url}/api/slow`);
    const second = fetch(`${url}/api/slow`);
    await expect.poll(() => arrived).toBe(2);
    const third = await fetch(`${url}/api/slow`);
    expect(third.status).toBe(429);
    expect(((await third.json()) as { message: string }).message).toBe(TOO_MANY_AT_ONCE);
    // Webhooks are not counted.
    expect((await fetch(`${url}/api/billing/stripe/webhook`)).status).toBe(200);
    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await fetch(`${url}/api/slow`)).status).toBe(200);
    await app.close();
  });
});
