// A worker process that only polls (simulated feed), so a test can kill, freeze or resume it and watch another take
// over. argv: database URL, poller id, clock base (ms), then optionally the lease and standby retry (ms) and the
// real time (ms) the base stands for, so several such processes share one timeline. It runs on real time shifted
// to the base (a Wednesday, so the market is open): tests only wait for conditions, whatever its pace.
import { systemClock } from '../../../core/src/market/live/clock';
import { startMarketData } from '../../../core/src/market/live/poller';
import { createSimulatedFeed } from '../../../core/src/market/vendors/simulated/feed';

const [url, pollerId, base, leaseMs, lockRetryMs, startedAt] = process.argv.slice(2);
const started = startedAt ? Number(startedAt) : Date.now();
const clock = { now: () => Number(base) + (Date.now() - started), sleep: systemClock.sleep };
startMarketData({
  url: url!,
  feed: createSimulatedFeed({ clock: clock.now }),
  pollMs: 100,
  ...(leaseMs ? { leaseMs: Number(leaseMs) } : {}),
  ...(lockRetryMs ? { lockRetryMs: Number(lockRetryMs) } : {}),
  pollerId: pollerId!,
  clock,
  log: (line) => console.log(line),
});
