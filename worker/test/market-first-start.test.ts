import { describe, expect, it } from 'vitest';
import { type MarketStartSteps, startMarketBeside } from '../../core/src/market/ingest/first-start';
import type { MarketDataService } from '../../core/src/market/live/poller';

// Issue 31 §4: on a first start the bulk load of the bundled minutes takes minutes; live polling and the ECB's rates
// must not wait for it. The steps are observed in the order they are called, with the load held open by the test —
// no timings: a start that awaited the load before polling would record 'load' first, or never 'poll' at all.

/** A promise the test settles. */
function held<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function harness(start = Date.parse('2026-11-28T14:05:30Z')) {
  const events: string[] = [];
  const loads: { until: number; done: ReturnType<typeof held<void>> }[] = [];
  let onLeadership: (() => Promise<void>) | undefined;
  const clock = { now: start };
  const market: MarketDataService = { stop: async () => {}, polling: true };
  const steps: MarketStartSteps = {
    poll: (fill) => {
      events.push('poll');
      onLeadership = fill;
      return market;
    },
    ecb: async () => {
      events.push('ecb');
    },
    load: (until) => {
      events.push('load');
      const done = held<void>();
      loads.push({ until, done });
      return done.promise;
    },
    now: () => clock.now,
    log: () => {},
  };
  return { events, loads, steps, clock, lease: () => onLeadership!(), market };
}

/** Lets queued callbacks (and the start's one setImmediate) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the worker's market-data start", () => {
  it('starts polling and the ECB fetch before the bulk load, which stops at the minute before polling began', async () => {
    const h = harness();
    const start = startMarketBeside(h.steps);
    expect(start.market).toBe(h.market);
    await settle();
    expect(h.events).toEqual(['poll', 'ecb', 'load']);
    expect(new Date(h.loads[0]!.until).toISOString()).toBe('2026-11-28T14:04:30.000Z');
    // The ECB's rates are stored while the load is still running.
    let ecbDone = false;
    void start.ecb.then(() => {
      ecbDone = true;
    });
    let loaded = false;
    void start.loaded.then(() => {
      loaded = true;
    });
    await settle();
    expect(ecbDone).toBe(true);
    expect(loaded).toBe(false);
    h.loads[0]!.done.resolve();
    await start.loaded;
  });

  it("the lease's first fill does not wait for the load: the first poll goes ahead", async () => {
    const h = harness();
    const start = startMarketBeside(h.steps);
    await settle();
    let filled = false;
    void h.lease().then(() => {
      filled = true;
    });
    await settle();
    expect(filled).toBe(true);
    expect(h.loads).toHaveLength(1); // no second load queued behind the first
    h.loads[0]!.done.resolve();
    await start.loaded;
  });

  it('a lease taken later (a frozen poller replaced) fills the missed minutes again, up to its own first poll', async () => {
    const h = harness();
    const start = startMarketBeside(h.steps);
    await settle();
    h.loads[0]!.done.resolve();
    await start.loaded;
    // Within a minute of the load: nothing to fill again.
    h.clock.now += 30_000;
    await h.lease();
    expect(h.loads).toHaveLength(1);
    h.clock.now += 10 * 60_000;
    const fill = h.lease();
    await settle();
    expect(h.loads).toHaveLength(2);
    expect(h.loads[1]!.until).toBe(h.clock.now - 60_000);
    h.loads[1]!.done.resolve();
    await fill;
  });

  it('a failed load fails the start; a failed ECB fetch is only logged', async () => {
    const h = harness();
    const lines: string[] = [];
    const start = startMarketBeside({
      ...h.steps,
      ecb: async () => {
        throw new Error('getaddrinfo ENOTFOUND www.ecb.europa.eu');
      },
      log: (line) => lines.push(line),
    });
    await settle();
    await start.ecb;
    expect(lines).toEqual(['ECB reference rates: not stored (getaddrinfo ENOTFOUND www.ecb.europa.eu)']);
    h.loads[0]!.done.reject(new Error('connection lost'));
    await expect(start.loaded).rejects.toThrow('connection lost');
  });
});
