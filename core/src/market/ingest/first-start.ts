/**
 * The order of the worker's market-data start (issue 31 §4): live polling and the ECB's reference rates start at
 * once, and the bulk load of the bundled minute set (4.8 M bars on a first start, minutes on a busy machine) runs
 * beside them. Polling never waits for the load: the load stops at the minute before polling began, and the
 * lease's first "fill the minutes missed" is the load itself rather than a second one queued behind it.
 */
import type { MarketDataService } from '../live/poller';
import type { Log } from '../live/types';

/** A prepare this recent makes a new lease's own fill unnecessary (as before: one start, one fill). */
const FILL_AGAIN_AFTER_MS = 60_000;
const MINUTE_MS = 60_000;

export interface MarketStartSteps {
  /** Starts live polling; `onLeadership` runs each time this worker takes the polling lease, before its first poll. */
  poll: (onLeadership: () => Promise<void>) => MarketDataService;
  /** The ECB's reference rates: the bundled file, then the ECB's own (a job). */
  ecb: () => Promise<void>;
  /** The minutes missed, then the bundled data set, up to (not including) `until`'s minute. */
  load: (until: number) => Promise<unknown>;
  now: () => number;
  log: Log;
}

export interface MarketStart {
  market: MarketDataService;
  /** Settles when the ECB's rates are stored (a failure is logged, never fatal: the fallback words say so). */
  ecb: Promise<void>;
  /** Settles when the bulk load is done; rejects with its error. */
  loaded: Promise<void>;
}

export function startMarketBeside(steps: MarketStartSteps): MarketStart {
  const pollFrom = steps.now();
  let startLoadSettled = false;
  let preparedAt = Number.NEGATIVE_INFINITY;
  const market = steps.poll(async () => {
    // The start's own load is running: it fills what was missed, and the first poll does not wait for it.
    if (!startLoadSettled) return;
    if (steps.now() - preparedAt < FILL_AGAIN_AFTER_MS) return;
    // A later lease (taking over from a frozen poller): fill up to the minute before this lease's first poll.
    await steps.load(steps.now() - MINUTE_MS);
    preparedAt = steps.now();
  });
  const ecb = steps.ecb().catch((err: Error) => steps.log(`ECB reference rates: not stored (${err.message})`, 'warn'));
  // Yield once, so the poller's first connection and the ECB's first request are under way before the load's COPY.
  const loaded = new Promise((resolve) => setImmediate(resolve))
    .then(() => steps.load(pollFrom - MINUTE_MS))
    .then(() => {
      preparedAt = steps.now();
    })
    .finally(() => {
      startLoadSettled = true;
    });
  return { market, ecb, loaded };
}
