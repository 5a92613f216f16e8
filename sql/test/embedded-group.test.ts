import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/embedded';

// `pnpm start` runs embedded PostgreSQL in a process group of its own (issue 33): the terminal's Ctrl+C reaches the
// process group in the foreground — the launcher, the server, the worker — and PostgreSQL used to be in it, so it
// ended their connections while they were still stopping. Here: the cluster the launcher's way, its postmaster
// leading a group that is not ours, serving until its owner stops it.
const dir = mkdtempSync(join(tmpdir(), 'pippitch-group-'));
chmodSync(dir, 0o755); // the cluster runs as user postgres when we are root
let cluster: EmbeddedDatabase | undefined;
afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Field 5 of /proc/<pid>/stat: the process group (the name in field 2 may hold spaces, hence after ')'). */
function processGroup(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

it('starts PostgreSQL leading its own process group, and stops it when asked', async () => {
  cluster = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), ownProcessGroup: true });
  const postmaster = Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  expect(processGroup(postmaster)).toBe(postmaster);
  expect(processGroup(postmaster)).not.toBe(processGroup(process.pid));

  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  expect((await client.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 });
  await client.end();

  await cluster.stop();
  cluster = undefined;
  expect(() => process.kill(postmaster, 0)).toThrow();
});
