/**
 * The shell blocks of docs/operations.md that tests run as written (issue 33: the restore runbook broke as documented
 * because nothing ran it). A block is the first ```sh fence after a `<!-- rehearsed: <name> … -->` marker.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OPERATIONS = fileURLToPath(new URL('../docs/operations.md', import.meta.url));

export function documentedBlock(name: string): string {
  const text = readFileSync(OPERATIONS, 'utf8');
  const marker = text.indexOf(`<!-- rehearsed: ${name} `);
  if (marker < 0) throw new Error(`docs/operations.md has no '<!-- rehearsed: ${name} …' block`);
  const fence = /```sh\n([\s\S]*?)\n```/.exec(text.slice(marker));
  if (!fence?.[1]) throw new Error(`no \`\`\`sh block after the '${name}' marker in docs/operations.md`);
  return fence[1];
}

/** Runs `script` with bash (stopping at the first failure) in `cwd`; resolves with its output, rejects on failure. */
export function runBlock(script: string, env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`the documented block exited ${code}:\n${script}\n---\n${output}`)),
    );
  });
}

/** libpq's variables for a connection URL (what the documented blocks expect set), its password included. */
export function libpqEnv(url: string): Record<string, string> {
  const u = new URL(url);
  return {
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username),
    ...(u.password && { PGPASSWORD: decodeURIComponent(u.password) }),
  };
}

/**
 * The SQL a documented block feeds psql (its `<<'SQL'` heredoc), one statement at a time, psql's `:'name'` variables
 * filled in as quoted literals: for tests that run a block's SQL through node-postgres where no psql is installed.
 */
export function documentedStatements(name: string, variables: Record<string, string>): string[] {
  const heredoc = /<<'SQL'\n([\s\S]*?)\nSQL/.exec(documentedBlock(name))?.[1];
  if (!heredoc) throw new Error(`the '${name}' block of docs/operations.md feeds psql no SQL`);
  const filled = heredoc.replace(/:'(\w+)'/g, (_, variable: string) => {
    const value = variables[variable];
    if (value === undefined) throw new Error(`the '${name}' block uses :'${variable}'`);
    return `'${value.replaceAll("'", "''")}'`;
  });
  return filled
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
