import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../core/src/config';
import { documentedBlock, runBlock } from '../../test/doc-blocks';

// The `.env` sample of docs/operations.md works when pasted (issue 33: the old one held `$(openssl …)`, several
// variables on a line and comments after values, none of which compose's `.env` reads). The block runs as written,
// in a shell; its `.env` is read as compose reads it (one KEY=value a line, quotes for spaces); compose.yaml's
// environment for the server and worker is filled from it as compose interpolates (`${X:-default}`,
// `${X:?message}`); and the production configuration those processes would start with loads without an error.
const dir = mkdtempSync(join(tmpdir(), 'pippitch-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** compose.yaml's `x-app` environment (the server's and worker's), as written: KEY → value. */
function composeAppEnvironment(): Record<string, string> {
  const lines = readFileSync(new URL('../../compose.yaml', import.meta.url), 'utf8').split('\n');
  const start = lines.findIndex((l) => /^ {2}environment: &app-env$/.test(l));
  expect(start).toBeGreaterThan(0);
  const environment: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\s*#/.test(line) || line.trim() === '') continue;
    const entry = /^ {4}([A-Z_][A-Z0-9_]*): (.*)$/.exec(line);
    if (!entry) break;
    environment[entry[1]!] = entry[2]!.replace(/^"(.*)"$/, '$1');
  }
  return environment;
}

/** Compose's interpolation of `${X}`, `${X:-default}` and `${X:?message}` (which refuses to start when X is unset). */
function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(/\$\{([A-Z_][A-Z0-9_]*)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
    const given = env[name];
    if (given) return given;
    if (op === '?') throw new Error(`compose refuses to start: ${name}: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

it('writes an .env that compose reads, and the production configuration starts from it', async () => {
  await runBlock(documentedBlock('env'), { PATH: process.env.PATH }, dir);
  const text = readFileSync(join(dir, '.env'), 'utf8');
  // One KEY=value a line: no command left to run, no placeholder, nothing after a value.
  for (const line of text.trim().split('\n')) {
    expect(line).toMatch(/^[A-Z_][A-Z0-9_]*=('[^']*'|[^\s'"#$]*)$/);
  }
  const env = parseEnv(text);
  expect(env.POSTGRES_PASSWORD).toMatch(/^[0-9a-f]{64}$/);
  expect(Buffer.from(env.SECRETS_KEY!, 'base64')).toHaveLength(32);
  expect(env.SITE_ADDRESS).toBe('pippitch.example.com');
  expect(env.OPERATOR_ADDRESS).toBe('1 Example Street, London EC1A 1AA');

  const container = Object.fromEntries(
    Object.entries(composeAppEnvironment()).map(([key, value]) => [key, interpolate(value, env)]),
  );
  expect(container.PGPASSWORD).toBe(env.POSTGRES_PASSWORD);
  const config = loadConfig(container);
  expect(config).toMatchObject({
    env: 'production',
    publicUrl: 'https://pippitch.example.com',
    smtpUrl: 'smtp://user:password@smtp.example.com:587',
    cookieSecure: true,
    demoData: false,
  });
  expect(config.operator.legalName).toBe('Example FX Software Ltd');
  expect(config.metricsToken).toMatch(/^[0-9a-f]{32}$/);
});
