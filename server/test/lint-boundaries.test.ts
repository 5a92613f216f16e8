/**
 * The import boundaries are enforced by Biome (biome.json `noRestrictedImports` overrides): a deliberately wrong
 * import in each layer fails `pnpm lint` with the boundary's message. Probe files are written into the layer's
 * folder (the overrides match by path), linted, and removed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIOME = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
const probes: string[] = [];

afterAll(() => {
  for (const dir of probes) rmSync(dir, { recursive: true, force: true });
});

function lint(folder: string, source: string): { code: number | null; output: string } {
  const dir = join(ROOT, folder, `zz-lint-probe-${process.pid}`);
  probes.push(dir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'probe.ts');
  writeFileSync(file, source);
  const run = spawnSync(process.execPath, [BIOME, 'lint', file], { cwd: ROOT, encoding: 'utf8' });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('import boundaries', () => {
  it('providers never import services', () => {
    const r = lint(
      'server/src/providers',
      "import { cardOfRow } from '../../services/companies/card';\n\nexport const x = cardOfRow;\n",
    );
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('the domain (ranking, rules) lives in services');
  });

  it('services never import the api layer or Fastify', () => {
    const r = lint(
      'server/src/services',
      "import { router } from '../../api/trpc/procedures';\n\nexport const x = router;\n",
    );
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('Services must not reach into the api layer.');
  });

  it('the web never imports the server beyond the router type', () => {
    const r = lint(
      'web/src',
      "import { buildApp } from '../../../server/src/api/app';\n\nexport const x = buildApp;\n",
    );
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('The web imports only the AppRouter type from the server');
  });

  it('only server/src/config.ts reads the environment', () => {
    const r = lint('server/src/services', 'export const port = process.env.PORT;\n');
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('noProcessEnv');
  });

  it('a right import passes', () => {
    const r = lint(
      'server/src/services',
      "import { cardOfRow } from '../companies/card';\n\nexport const x = cardOfRow;\n",
    );
    expect(r.output).not.toContain('noRestrictedImports');
  });
});
