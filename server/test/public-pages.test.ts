import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { PUBLIC_PAGES } from '@pippitch/shared/public-pages';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../src/api/http/static';

// The public pages' head (title, description, canonical, Open Graph) from PUBLIC_URL; sitemap.xml and robots.txt.
let dist: string;
let app: FastifyInstance;
const SHELL = `<!doctype html><html lang="en-GB"><head><meta charset="UTF-8" />
    <meta name="description" content="shell" />
    <title>PipPitch</title></head><body><div id="root"></div></body></html>`;
const PUBLIC_URL = 'https://app.pippitch.example';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pippitch-public-'));
  writeFileSync(join(dist, 'index.html'), SHELL);
  app = Fastify();
  await registerWebApp(app, dist, PUBLIC_URL);
});
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('public pages', () => {
  it('give each page its title, description, canonical URL and Open Graph tags, compressed', async () => {
    for (const [path, page] of Object.entries(PUBLIC_PAGES)) {
      const res = await app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(html).toContain(`<title>${page.title.replaceAll('&', '&amp;')}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}" />`);
      expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}${path}" />`);
      expect(html).toContain('<meta property="og:title"');
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(html).not.toContain('content="shell"');
    }
    const plain = await app.inject({ method: 'GET', url: '/pricing' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Pricing — PipPitch</title>');
  });

  it('list the public pages in sitemap.xml and keep the app out in robots.txt', async () => {
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of Object.keys(PUBLIC_PAGES)) expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}${path}</loc>`);
    expect(sitemap.body).not.toContain('/calculator');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Disallow: /calculator');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robots.body).not.toMatch(/Disallow: \/(pricing|terms|privacy|login)\b/);
  });

  it('serves a page prerendered at build time when there is one', async () => {
    mkdirSync(join(dist, 'prerendered'), { recursive: true });
    writeFileSync(
      join(dist, 'prerendered', 'terms.html'),
      SHELL.replace('<div id="root"></div>', '<div id="root"><main><h1>Terms of Service</h1></main></div>'),
    );
    const res = await app.inject({ method: 'GET', url: '/terms' });
    expect(res.body).toContain('<div id="root"><main><h1>Terms of Service</h1></main></div>');
    expect(res.body).toContain('<title>Terms of Service — PipPitch</title>');
    expect((await app.inject({ method: 'GET', url: '/privacy' })).body).toContain('<div id="root"></div>');
  });

  it('serves the app shell for its own pages', async () => {
    const res = await app.inject({ method: 'GET', url: '/calculator' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>PipPitch</title>');
  });
});
