// Builds web/dist only when a source file is newer than the last build, so a warm `pnpm start` stays fast.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const web = new URL('..', import.meta.url).pathname;
const marker = join(web, 'dist', 'index.html');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = [join(web, 'src'), join(web, 'public'), join(web, '..', 'shared', 'src')];
const inputs = Math.max(
  ...sources.map(newest),
  statSync(join(web, 'index.html')).mtimeMs,
  statSync(join(web, 'vite.config.ts')).mtimeMs,
);
if (existsSync(marker) && statSync(marker).mtimeMs >= inputs) {
  console.log('[web] build is up to date');
} else {
  console.log('[web] building…');
  execSync('pnpm run build', { cwd: web, stdio: 'inherit' });
}
