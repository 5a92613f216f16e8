/**
 * The layers (ARCHITECTURE.md): shared ← sql ← core ← server app / worker, and the web beside them taking only the
 * router's type. Package dependencies carry most of it; Biome (biome.json `noRestrictedImports` overrides) refuses
 * what a package could still reach by path. Each wrong import below is written as a probe file into the layer's
 * folder (the overrides match by path), linted, and removed; each must fail with its boundary's message.
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
  const dir = join(ROOT, folder, `zz-lint-probe-${process.pid}-${probes.length}`);
  probes.push(dir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'probe.tsx');
  writeFileSync(file, source);
  const run = spawnSync(process.execPath, [BIOME, 'lint', file], { cwd: ROOT, encoding: 'utf8' });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

const SHARED = 'shared/ holds rules both the browser and the server run';
const SQL = 'sql/ is the bottom layer';
const CORE_NO_APP = 'The core never imports the server app';
const TRANSPORT = 'transport-free: no tRPC or Fastify here';
const WEB = 'The web imports only the AppRouter type from the server';
const QUERIES = 'SQL is written only in core/src/queries/';

/** [layer folder, the wrong import, the message that refuses it]. */
const WRONG: [string, string, string][] = [
  ['shared/src', "import { readFileSync } from 'node:fs';", SHARED],
  ['shared/src', "import { sql } from 'kysely';", SHARED],
  ['shared/src', "import { createDb } from '@pippitch/sql';", SHARED],
  ['shared/src', "import { loadConfig } from '@pippitch/core/config';", SHARED],
  ['shared/src', "import { buildApp } from '../../../server/src/api/app';", SHARED],
  ['sql/src', "import { loadConfig } from '@pippitch/core/config';", SQL],
  ['sql/src', "import { buildApp } from '../../../server/src/api/app';", SQL],
  ['core/src/services', "import { buildDeps } from '../../../../server/src/deps';", CORE_NO_APP],
  ['core/src/services', "import { main } from '../../../../server/src/bin/server';", CORE_NO_APP],
  ['core/src/services', "import { main } from '../../../../server/src/launch/main';", CORE_NO_APP],
  ['core/src/jobs', "import type { AppRouter } from '@pippitch/server';", CORE_NO_APP],
  ['core/src/services', "import { TRPCError } from '@trpc/server';", TRANSPORT],
  ['core/src/services', "import { runWorker } from '../../../../worker/src/main';", 'Only the worker process imports'],
  [
    'core/src/providers',
    "import { cardOfRow } from '../../services/uk-companies/card';",
    'the domain (ranking, rules, reads, ingest) uses them',
  ],
  [
    'core/src/market/vendors',
    "import { rateAt } from '../../read/history';",
    'the domain (ranking, rules, reads, ingest) uses them',
  ],
  ['server/src/api', "import { runWorker } from '../../../../worker/src/main';", 'Only the worker process imports'],
  [
    'server/src/api',
    "import { signUp } from '../../../../core/src/services/auth/signup';",
    'The server app takes the domain from @pippitch/core/<domain>',
  ],
  ['worker/src', "import { buildDeps } from '@pippitch/server/deps';", 'never on the server app'],
  [
    'worker/src',
    "import { generateReport } from '../../../core/src/services/reports/generate';",
    'The worker takes the domain from @pippitch/core/<domain>',
  ],
  ['core/src/services', "import { sql } from 'kysely';", QUERIES],
  ['core/src/jobs', "import type { Kysely } from 'kysely';", QUERIES],
  ['core/src/providers', "import { sql } from 'kysely';", QUERIES],
  ['server/src/api', "import { sql } from 'kysely';", QUERIES],
  ['worker/src', "import { sql } from 'kysely';", QUERIES],
  ['web/src', "import { buildApp } from '../../../server/src/api/app';", WEB],
  ['web/src', "import type { AppRouter } from '../../../server/src/api/trpc/router';", WEB],
  ['web/src', "import { SESSION_COOKIE } from '@pippitch/core/auth';", WEB],
  ['web/src', "import { buildDeps } from '@pippitch/server';", WEB],
];

describe('import boundaries', () => {
  it.each(WRONG)('%s refuses %s', (folder, line, message) => {
    const r = lint(folder, `${line}\n\nexport const probe = 1;\n`);
    expect(r.code).not.toBe(0);
    expect(r.output).toContain(message);
  });

  it('only core/src/config.ts reads the environment', () => {
    const r = lint('core/src/services', 'export const port = process.env.PORT;\n');
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('noProcessEnv');
  });

  it.each([
    ['core/src/services', "import { cardOfRow } from '../uk-companies/card';"],
    ['core/src/queries', "import { sql } from 'kysely';"],
    ['core/src/market/read', "import { sql } from 'kysely';"],
    ['server/src/api', "import { signUp } from '@pippitch/core/auth';"],
    ['worker/src', "import { jobs } from '@pippitch/core/jobs';"],
    ['web/src', "import type { AppRouter } from '@pippitch/server';"],
    ['shared/src', "import { z } from 'zod';"],
  ])('%s may use %s', (folder, line) => {
    const r = lint(folder, `${line}\n\nexport const probe = 1;\n`);
    expect(r.output).not.toContain('noRestrictedImports');
  });
});
