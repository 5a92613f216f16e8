// After `vite build` and `vite build --ssr src/prerender.tsx`: renders each public page into
// dist/prerendered/<page>.html (the built index.html with the page's HTML inside #root), plus .br and .gz copies.
// The server serves these for the public paths (server/src/api/http/public-pages.ts) and adds each page's head.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const ssr = join(web, 'dist-ssr');
const { render } = await import(pathToFileURL(join(ssr, 'prerender.js')).href);
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const out = join(dist, 'prerendered');
mkdirSync(out, { recursive: true });

export const PAGES = {
  '/': 'index',
  '/pricing': 'pricing',
  '/login': 'login',
  '/terms': 'terms',
  '/privacy': 'privacy',
};
for (const [path, name] of Object.entries(PAGES)) {
  // React's server renderer puts resource hints (<link rel="preload">) first in its output; they belong in the head,
  // and left inside #root the browser's hydration would not match the tree.
  const rendered = await render(path);
  const hints = rendered.match(/^(<link [^>]*>)+/)?.[0] ?? '';
  const body = rendered.slice(hints.length);
  if (!body.includes('<main')) throw new Error(`prerender of ${path} has no <main>: ${body.slice(0, 200)}`);
  const html = shell
    .replace('</head>', `${hints}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  const file = join(out, `${name}.html`);
  writeFileSync(file, html);
  writeFileSync(`${file}.br`, brotliCompressSync(html));
  writeFileSync(`${file}.gz`, gzipSync(html));
  console.log(`[web] prerendered ${path} (${(html.length / 1024).toFixed(0)} KB)`);
}
rmSync(ssr, { recursive: true, force: true });
