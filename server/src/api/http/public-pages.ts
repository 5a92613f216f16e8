import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { OPERATOR_ELEMENT_ID, OPERATOR_JSON_PATH, type OperatorDetails } from '@pippitch/shared/operator';
import { PRIVATE_PREFIXES, PUBLIC_PAGES, PUBLIC_PATHS, type PublicPath } from '@pippitch/shared/public-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The head tags of one public page: title, description, canonical URL and Open Graph, from PUBLIC_URL. */
export function headTags(path: PublicPath, publicUrl: string): string {
  const page = PUBLIC_PAGES[path];
  const url = `${publicUrl}${path === '/' ? '/' : path}`;
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="PipPitch" />',
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    '<meta property="og:locale" content="en_GB" />',
    '<meta name="twitter:card" content="summary" />',
  ].join('\n    ');
}

/**
 * The operator's details in a page (issue 22 §4): the prerendered text holds a token per detail
 * (web/src/lib/operator.ts) replaced here, and the details travel as a JSON data block (not a
 * script: the CSP runs none inline) so the browser renders the same text when it takes the page over.
 */
export function withOperator(html: string, operator: OperatorDetails): string {
  const data = JSON.stringify(operator).replace(/</g, '\\u003c');
  return html
    .replace(/%%OPERATOR:(\w+)%%/g, (_m, key: string) => {
      const value = operator[key as keyof OperatorDetails];
      return typeof value === 'string' ? escapeHtml(value) : '';
    })
    .replace('</head>', `<script type="application/json" id="${OPERATOR_ELEMENT_ID}">${data}</script>\n</head>`);
}

/** index.html with the page's head in place of the shell's title and description, and the operator's details. */
export function pageHtml(shell: string, path: PublicPath, publicUrl: string, operator: OperatorDetails): string {
  return withOperator(
    shell.replace(/\s*<meta name="description"[^>]*>/, '').replace(/<title>[^<]*<\/title>/, headTags(path, publicUrl)),
    operator,
  );
}

interface Rendered {
  html: Buffer;
  br: Buffer;
  gz: Buffer;
}

function negotiate(req: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * The public pages (issue 13 §4, §5): each served prerendered, with its own title, description, canonical URL and
 * Open Graph tags, compressed as the browser accepts (made once per build of index.html); `sitemap.xml` and
 * `robots.txt` from the same list and PUBLIC_URL.
 */
export function registerPublicPages(
  app: FastifyInstance,
  dist: string,
  publicUrl: string,
  operator: OperatorDetails,
): void {
  // Made once per page and build: an entry is used while its file is the one it was made from.
  const cache = new Map<PublicPath, Rendered & { from: string; mtimeMs: number }>();
  async function rendered(path: PublicPath): Promise<Rendered> {
    // The page prerendered at build time (web/scripts/prerender.mjs), or the app's shell if there is none.
    const prerendered = join(dist, 'prerendered', `${path === '/' ? 'index' : path.slice(1)}.html`);
    const from = existsSync(prerendered) ? prerendered : join(dist, 'index.html');
    const { mtimeMs } = await stat(from);
    const hit = cache.get(path);
    if (hit && hit.from === from && hit.mtimeMs === mtimeMs) return hit;
    const html = Buffer.from(pageHtml(await readFile(from, 'utf8'), path, publicUrl, operator));
    const page = { html, br: brotliCompressSync(html), gz: gzipSync(html), from, mtimeMs };
    cache.set(path, page);
    return page;
  }
  const send = (reply: FastifyReply, req: FastifyRequest, page: Rendered) => {
    const encoding = negotiate(req);
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gz : page.html);
  };
  for (const path of PUBLIC_PATHS) {
    app.get(path, async (req, reply) => send(reply, req, await rendered(path)));
  }

  // For a legal page reached by client-side navigation (the app's shell carries no details).
  app.get(OPERATOR_JSON_PATH, async (_req, reply) => reply.header('cache-control', 'no-cache').send(operator));

  app.get('/sitemap.xml', async (_req, reply) => {
    const urls = PUBLIC_PATHS.map(
      (p) => `  <url><loc>${escapeHtml(`${publicUrl}${p}`)}</loc><changefreq>monthly</changefreq></url>`,
    ).join('\n');
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  app.get('/robots.txt', async (_req, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });
}
