import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOfNewCompany, startTestApp, type TestApp } from './helpers';

// tRPC answers over 1 KB come back compressed when the browser accepts it, and decompress to the same JSON.
let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => {
  await h?.close();
});

describe('tRPC compression', () => {
  it('compresses a large answer with Brotli or gzip, and changes nothing in it', async () => {
    const owner = await ownerOfNewCompany(h, 'Compressed Answers Ltd');
    for (let i = 0; i < 30; i++) {
      await owner.c.api.invitations.send
        .mutate({ role: 'broker', emails: [`person${i}@compressedanswersltd.co.uk`] })
        .catch(() => {});
    }
    const cookie = [...owner.c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = '/trpc/invitations.overview';
    const plain = await h.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await h.app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await h.app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });
});
