import { connect, createServer, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../sql/src/index';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import {
  buildCompiled,
  type Compiled,
  ENTRIES,
  productionEnv,
  type Running,
  start,
  within,
} from '../../test/processes';

// How the server starts (issue 33): a database not reachable yet is waited for, one JSON line per try, and the
// server goes on once it answers; a database that refuses it (a wrong password) or none configured is one JSON line
// saying what to fix, exit 1, no stack trace; and a SIGTERM at any moment of start-up, from its first instruction
// to listening and beyond, stops it with exit 0, never by the signal itself.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

const STACK = /^\s+at /m;

async function ended(server: Running): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  try {
    return await within('exit', server.exited, 120_000, server);
  } finally {
    server.kill();
  }
}

describe('a server whose database is not there yet', () => {
  it('tries again with backoff, one warning line per try, and starts once the database answers', async () => {
    const port = await freePort();
    const url = new URL(t.url);
    const target = { host: url.hostname, port: Number(url.port) };
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const server = start(ENTRIES.server, productionEnv(url.toString()));
    let proxy: Server | undefined;
    try {
      // Nothing listens on that port yet: connections are refused, as while compose's database starts.
      const tries = () => server.lines().filter((l) => l.msg.includes('not reachable yet'));
      await within(
        'two tries',
        (async () => {
          while (tries().length < 2) {
            if (server.child.exitCode !== null) throw new Error(server.output.join(''));
            await new Promise((ok) => setTimeout(ok, 20));
          }
        })(),
        120_000,
        server,
      );
      for (const line of tries()) {
        expect(line.level).toBe(40);
        expect(line.msg).toMatch(
          /^database at 127\.0\.0\.1:\d+ not reachable yet \(.*ECONNREFUSED.*\); try \d+, next in/,
        );
      }
      // Now the database "comes up" on that port (a TCP relay to the test cluster).
      proxy = createServer((socket) => {
        const upstream = connect(target.port, target.host);
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      });
      await new Promise<void>((ok) => proxy!.listen(port, '127.0.0.1', ok));
      await within('listening', server.message('listening'), 120_000, server);
      expect(server.lines().some((l) => /^database at .* reached after \d+ tries$/.test(l.msg))).toBe(true);
      server.child.kill('SIGTERM');
      expect(await ended(server)).toEqual({ code: 0, signal: null });
    } finally {
      server.kill();
      proxy?.close();
    }
  }, 600_000);

  it('gives up after DATABASE_WAIT_SECONDS with one error line saying what to check, exit 1', async () => {
    const url = new URL(t.url);
    url.hostname = '127.0.0.1';
    url.port = String(await freePort());
    const server = start(ENTRIES.server, productionEnv(url.toString(), { DATABASE_WAIT_SECONDS: '1' }));
    expect(await ended(server)).toEqual({ code: 1, signal: null });
    const errors = server.lines().filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toMatch(
      /is still not reachable after \d+ tries in \d+ s .*check DATABASE_URL's host and port/,
    );
    expect(server.output.join('')).not.toMatch(STACK);
  }, 300_000);
});

describe('a server the database refuses, or without one', () => {
  it('a wrong password: one JSON line at level 50 naming the role and the fix, exit 1', async () => {
    // The test cluster checks passwords (embedded PostgreSQL: password authentication).
    const url = new URL(t.url);
    const refused = await new pg.Client({ connectionString: url.toString().replace(/:[^:@/]*@/, ':wrong-password@') })
      .connect()
      .then(
        () => false,
        (err: { code?: string }) => err.code === '28P01',
      );
    expect(refused, 'this test needs a cluster that checks passwords (TEST_DATABASE_URL with trust?)').toBe(true);
    url.password = '';
    const server = start(ENTRIES.server, productionEnv(url.toString(), { PGPASSWORD: 'not-the/password#' }));
    expect(await ended(server)).toEqual({ code: 1, signal: null });
    const text = server.output.join('').trim();
    expect(text.split('\n')).toHaveLength(1);
    const line = server.lines().find((l) => l.level >= 50)!;
    expect(line).toMatchObject({ level: 50, name: 'server' });
    expect(line.msg).toMatch(/^the database refused the password of role "postgres" .*: set PGPASSWORD/);
    expect(line.msg).not.toContain('not-the/password#');
    expect(text).not.toMatch(STACK);
  }, 300_000);

  it('no DATABASE_URL in production: one JSON line at level 50 with the fix (no launcher there), exit 1', async () => {
    const env = productionEnv('');
    delete env.DATABASE_URL;
    const server = start(ENTRIES.server, env);
    expect(await ended(server)).toEqual({ code: 1, signal: null });
    const text = server.output.join('').trim();
    expect(text.split('\n')).toHaveLength(1);
    const line = JSON.parse(text) as { level: number; msg: string };
    expect(line.level).toBe(50);
    expect(line.msg).toBe(
      'DATABASE_URL is not set: set it to the database, e.g. postgres://pippitch@db:5432/pippitch, with the password in PGPASSWORD',
    );
  }, 300_000);
});

describe('SIGTERM during start-up', () => {
  // The compiled server, as the image runs it (and ten times quicker to start than through tsx).
  let compiled: Compiled;
  beforeAll(async () => {
    compiled = await buildCompiled();
  }, 300_000);
  afterAll(() => compiled?.remove());

  it('at 50 random moments from its first instruction to past listening: every server exits 0, none by the signal', async () => {
    // How long start-up takes here and now (the company index is loaded by this first start, then found current).
    const first = start(compiled.server, productionEnv(t.url));
    await within('alive', first.message('alive'), 120_000, first);
    const from = performance.now();
    await within('listening', first.message('listening'), 300_000, first);
    const span = performance.now() - from;
    first.child.kill('SIGTERM');
    expect(await ended(first)).toEqual({ code: 0, signal: null });

    const outcomes: string[] = [];
    for (let trial = 0; trial < 50; trial++) {
      const server = start(compiled.server, productionEnv(t.url));
      // From the moment its handlers are in (the entry's first instruction) to a little past its usual start.
      await within('alive', server.message('alive'), 120_000, server);
      await new Promise((ok) => setTimeout(ok, Math.random() * span * 1.2));
      server.child.kill('SIGTERM');
      const end = await ended(server);
      const errors = server.lines().filter((l) => l.level >= 50);
      outcomes.push(`${end.signal ?? end.code}${errors.length ? ` ${errors[0]!.msg}` : ''}`);
    }
    expect(outcomes.filter((o) => o !== '0')).toEqual([]);
  }, 1_800_000);
});
