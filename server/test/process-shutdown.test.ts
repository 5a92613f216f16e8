import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';

// The server process stops within Docker's 10 s however its clients behave (issue 23): an idle keep-alive
// connection is closed at once, and one whose request is still arriving (a client trickling its headers, which the
// 30 s request timeout alone would keep for 30 s) is cut after the grace. The grace is 1 s here: the test waits for
// events (the sockets closed, the exit), bounded well below the request timeout, and never measures time.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

type Started = { child: ChildProcess; port: Promise<number>; output: string[] };

function startServer(graceMs = 1000): Started {
  const output: string[] = [];
  const child = fork(new URL('../src/bin/server.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: t.url,
      PORT: '0',
      SHUTDOWN_GRACE_MS: String(graceMs),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const port = new Promise<number>((resolve, reject) => {
    child.on('message', (m: { type?: string; port?: number }) => m.type === 'listening' && resolve(m.port!));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output.join('')}`)));
  });
  return { child, port, output };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves when `p` does, or rejects after `ms` (a bound for a broken run, far above what a pass needs). */
// On a miss it says what the process had printed and whether it had exited: a bound missed on a loaded machine
// (clean-clone CI at load 10 once saw no 'shutting down' within 20 s) must say why, not only that.
function within<T>(what: string, p: Promise<T>, ms: number, server?: Started): Promise<T> {
  const state = () =>
    server
      ? `\n(exit code ${server.child.exitCode}, signal ${server.child.signalCode}) output:\n${server.output.join('')}`
      : '';
  return Promise.race([
    p,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no ${what} within ${ms} ms${state()}`)), ms).unref(),
    ),
  ]);
}

describe('server process on SIGTERM', () => {
  it('closes an idle keep-alive connection, cuts a trickling request after the grace, and exits 0', async () => {
    const server = startServer();
    const port = await within('listening', server.port, 120_000, server);
    try {
      // A keep-alive connection that has had its answer and sits idle.
      const idle = await open(port);
      idle.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
      await once(idle, 'data');
      const idleClosed = once(idle, 'close');
      // A client that has sent half its headers and goes quiet.
      const trickle = await open(port);
      trickle.write(`POST /trpc/auth.login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 100\r\n`);
      const trickleClosed = once(trickle, 'close');
      trickle.on('error', () => {});
      idle.on('error', () => {});

      const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      server.child.kill('SIGTERM');
      await within('close of the idle connection', idleClosed, 90_000, server);
      await within('cut of the trickling request', trickleClosed, 90_000, server);
      const [code] = await within('exit', exited, 90_000, server);
      expect(code).toBe(0);
      expect(server.output.join('')).toContain('cutting the connections still open');
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 600_000);

  it('answers a request still arriving when SIGTERM comes, then exits 0 without cutting anything', async () => {
    // A long grace: the request completes inside it, so the server closes on its own, long before.
    const server = startServer(60_000);
    const port = await within('listening', server.port, 120_000, server);
    try {
      const socket = await open(port);
      socket.on('error', () => {});
      const body = JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password', mode: 'user' });
      socket.write(
        `POST /trpc/auth.login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Origin: http://127.0.0.1:${port}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      server.child.kill('SIGTERM');
      await within('the shutdown to begin', waitForOutput(server.output, 'shutting down'), 90_000, server);
      const answer = new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (d: Buffer) => {
          text += d.toString();
        });
        socket.on('close', () => resolve(text));
      });
      socket.write(body.slice(10));
      const response = await within('the answer', answer, 90_000, server);
      expect(response).toMatch(/^HTTP\/1\.1 \d{3} /);
      // …and its keep-alive connection was then closed by the server (the answer promise resolves on close).
      const [code] = await within('exit', exited, 90_000, server);
      expect(code).toBe(0);
      expect(server.output.join('')).not.toContain('cutting the connections still open');
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 600_000);
});

async function waitForOutput(output: string[], text: string): Promise<void> {
  while (!output.join('').includes(text)) await new Promise((ok) => setTimeout(ok, 20));
}
