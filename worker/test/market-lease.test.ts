import { type ChildProcess, fork } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureMarketData } from '../../core/src/market/dataset/load';
import { readLease } from '../../core/src/market/live/lease';
import { type MarketDataService, startMarketData } from '../../core/src/market/live/poller';
import type { Feed, Quote } from '../../core/src/market/live/types';
import { createSimulatedFeed } from '../../core/src/market/vendors/simulated/feed';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { ManualClock } from './helpers/manual-clock';
import { driveUntil, waitFor } from './helpers/wait';

// The poller's lease (issue 23): a frozen or hung poller is replaced, and when it comes back it finds the lease
// taken and writes nothing more. Every committed poll updates fx_feed_status, so a trigger there records which
// poller (its connection's application_name) committed each write and in which order: the test reads that log.
const BASE = Date.parse('2026-11-18T10:00:05Z');

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.pool.query(`
    CREATE TABLE test_poll_log (seq bigserial PRIMARY KEY, app text NOT NULL);
    CREATE FUNCTION test_log_poll() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO test_poll_log (app) VALUES (current_setting('application_name')); RETURN NEW; END $$;
    CREATE TRIGGER test_log_poll AFTER INSERT OR UPDATE ON fx_feed_status FOR EACH ROW EXECUTE FUNCTION test_log_poll();
  `);
});
afterAll(async () => {
  await t.drop();
});
afterEach(async () => {
  await t.pool.query('TRUNCATE fx_quotes, fx_minute_bars, fx_feed_status, fx_feed_lease, test_poll_log');
});

/** Which poller committed each write, in commit order (pollers are named `pippitch-market <id>`). */
async function pollLog(): Promise<string[]> {
  const { rows } = await t.pool.query<{ app: string }>('SELECT app FROM test_poll_log ORDER BY seq');
  return rows.map((r) => r.app.replace('pippitch-market ', ''));
}

/** The log as runs of one poller: ['a', 'b'] means a wrote, then b, and never a again. */
function runs(log: string[]): string[] {
  return log.filter((who, i) => i === 0 || log[i - 1] !== who);
}

describe('the feed poller lease, in process on a manual clock (production lease and retry)', () => {
  const services: MarketDataService[] = [];
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.stop()));
  });

  it('replaces a poller whose poll hangs within 90 s of its clock; when the poll returns, its write is refused', async () => {
    const clock = new ManualClock(BASE);
    const lines: string[] = [];
    const simulated = createSimulatedFeed({ clock: clock.now });
    let hang: ((quotes: Quote[]) => void) | null = null;
    let hung = false;
    const hanging: Feed = {
      name: simulated.name,
      source: simulated.source,
      fetchQuotes: (pairs) =>
        hung ? new Promise<Quote[]>((resolve) => (hang = resolve)) : simulated.fetchQuotes(pairs),
    };
    // As worker/src/main.ts: a new leader first fills the minutes missed (here from the data set, offline).
    const catchUp = async () => {
      await ensureMarketData(t.pool, { now: clock.now(), from: Math.floor(BASE / 60_000) * 60_000 });
    };
    const start = (id: string, feed: Feed) => {
      const s = startMarketData({
        url: t.url,
        feed,
        pollerId: id,
        clock,
        onLeadership: catchUp,
        log: (l) => lines.push(`${id}: ${l}`),
      });
      services.push(s);
      return s;
    };
    const a = start('a', hanging);
    await driveUntil(clock, 'a to poll', async () => (await pollLog()).length >= 2);
    const b = start('b', createSimulatedFeed({ clock: clock.now }));
    await waitFor('b to stand by', () => lines.includes('b: market data: another worker is polling; standing by'));

    hung = true;
    await driveUntil(clock, "a's poll to hang", () => hang !== null);
    const hungAt = clock.now();
    await driveUntil(clock, 'b to take over', () => b.polling);
    expect(clock.now() - hungAt).toBeLessThanOrEqual(90_000);
    await driveUntil(clock, 'b to write', async () => (await pollLog()).at(-1) === 'b');
    expect((await readLease(t.db))?.holder).toBe('b');

    // The hung request finally answers: a tries to write it and is refused by the lease check.
    hung = false;
    (hang as unknown as (q: Quote[]) => void)(await simulated.fetchQuotes(['GBPUSD']));
    await waitFor('a to stand by again', () =>
      lines.includes('a: market data: the polling lease was taken over by another worker; standing by'),
    );
    expect(a.polling).toBe(false);
    const count = (await pollLog()).length;
    await driveUntil(clock, 'b to poll on', async () => (await pollLog()).length >= count + 3);
    expect(runs(await pollLog())).toEqual(['a', 'b']);
    // No minute lost across the handover: every pair has a bar for every minute from a's first to b's latest (the
    // takeover comes within a minute of a's last write; anything longer is filled on taking over, next test), and
    // none twice (one row per pair and minute).
    const { rows } = await t.pool.query<{ pair: string; bars: number; span: number }>(`
      SELECT pair, count(*)::int AS bars,
        (extract(epoch FROM max(ts) - min(ts)) / 60)::int + 1 AS span
      FROM fx_minute_bars GROUP BY pair ORDER BY pair`);
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(r.bars).toBe(r.span);
    const latest = await t.pool.query<{ latest: Date }>('SELECT max(ts) AS latest FROM fx_minute_bars');
    expect(clock.now() - latest.rows[0]!.latest.getTime()).toBeLessThan(120_000);
    expect(clock.now() - hungAt).toBeGreaterThan(60_000); // a's hang did span minutes
  });
});

describe('taking over after a long gap', () => {
  it('fills the minutes nobody polled before polling, so none is lost', async () => {
    const clock = new ManualClock(BASE);
    const from = Math.floor(BASE / 60_000) * 60_000;
    const start = (id: string, catchUp: boolean) =>
      startMarketData({
        url: t.url,
        feed: createSimulatedFeed({ clock: clock.now }),
        pollerId: id,
        clock,
        ...(catchUp && { onLeadership: () => ensureMarketData(t.pool, { now: clock.now(), from }).then(() => {}) }),
      });
    const a = start('a', false);
    await driveUntil(clock, 'a to poll', async () => (await pollLog()).length >= 3);
    await a.stop();
    clock.advance(10 * 60_000); // ten minutes with no poller at all
    const b = start('b', true);
    try {
      await driveUntil(clock, 'b to poll', async () => (await pollLog()).at(-1) === 'b');
      const { rows } = await t.pool.query<{ pair: string; bars: number; span: number }>(`
        SELECT pair, count(*)::int AS bars, (extract(epoch FROM max(ts) - min(ts)) / 60)::int + 1 AS span
        FROM fx_minute_bars GROUP BY pair ORDER BY pair`);
      expect(rows).toHaveLength(6);
      for (const r of rows) {
        expect(r.span).toBeGreaterThanOrEqual(10);
        expect(r.bars).toBe(r.span);
      }
    } finally {
      await b.stop();
    }
  });
});

describe('the feed poller lease, with real processes frozen and resumed', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) {
      if (c.exitCode === null && c.signalCode === null) {
        c.kill('SIGCONT');
        c.kill('SIGKILL');
      }
    }
  });

  function poller(id: string, startedAt: number): { child: ChildProcess; out: string[] } {
    // A 2 s lease and a 200 ms standby retry (the production 45 s and 10 s are covered on the manual clock above).
    const child = fork(
      new URL('./helpers/poller-process.ts', import.meta.url),
      [t.url, id, String(BASE), '2000', '200', String(startedAt)],
      { execArgv: ['--import', 'tsx'], stdio: 'pipe' },
    );
    const out: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => out.push(...chunk.toString().split('\n').filter(Boolean)));
    children.push(child);
    return { child, out };
  }

  it('SIGSTOP: the standby takes over; SIGCONT: the old poller stands by and never writes again', async () => {
    const startedAt = Date.now();
    const a = poller('a', startedAt);
    await waitFor('a to poll', async () => (await pollLog()).filter((w) => w === 'a').length >= 3, 120_000);
    const b = poller('b', startedAt);
    await waitFor(
      'b to stand by',
      () => b.out.includes('market data: another worker is polling; standing by'),
      120_000,
    );

    a.child.kill('SIGSTOP');
    await waitFor('b to take over', async () => (await pollLog()).at(-1) === 'b', 120_000);
    const takenOver = (await pollLog()).length;
    await waitFor('b to poll on', async () => (await pollLog()).length >= takenOver + 3, 120_000);

    const beforeResume = a.out.length;
    a.child.kill('SIGCONT');
    // Frozen between two writes, a finds its lease taken at its next write; frozen inside a transaction (likelier on
    // a busy machine), its session was ended by idle_in_transaction_session_timeout, so it reconnects and finds b
    // polling. Either way it stands by.
    const STOOD_BY = [
      'market data: the polling lease was taken over by another worker; standing by',
      'market data: another worker is polling; standing by',
    ];
    await waitFor(
      'a to stand by again',
      () => a.out.slice(beforeResume).some((line) => STOOD_BY.some((words) => line.includes(words))),
      120_000,
    );
    const resumed = (await pollLog()).length;
    await waitFor('b to poll on after a resumed', async () => (await pollLog()).length >= resumed + 5, 120_000);
    // One writer at a time, and a never again after b's first write: no poll written twice, none by two pollers.
    expect(runs(await pollLog())).toEqual(['a', 'b']);
    // Every minute b polled through has its bar for each pair (the live minutes since the takeover are all there).
    const { rows } = await t.pool.query<{ gaps: number }>(`
      SELECT count(*)::int AS gaps FROM (
        SELECT pair, ts, lead(ts) OVER (PARTITION BY pair ORDER BY ts) AS next FROM fx_minute_bars WHERE source = 'simulated'
      ) m WHERE next IS NOT NULL AND next - ts > interval '1 minute'`);
    expect(rows[0]!.gaps).toBe(0);
  }, 300_000);
});
