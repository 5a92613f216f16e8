// A worker process that only polls (simulated feed), so a test can kill it outright and watch another take over.
// argv: database URL, poller id, clock base (ms). It runs on real time shifted to the base (a Wednesday, so the
// market is open): the test only waits for it to hold the lock, whatever its pace.
import { systemClock } from '../../src/market/clock';
import { createSimulatedFeed } from '../../src/market/feeds/simulated';
import { startMarketData } from '../../src/market/service';

const [url, pollerId, base] = process.argv.slice(2);
const started = Date.now();
const clock = { now: () => Number(base) + (Date.now() - started), sleep: systemClock.sleep };
startMarketData({
  url: url!,
  feed: createSimulatedFeed({ clock: clock.now }),
  pollMs: 100,
  pollerId: pollerId!,
  clock,
  log: (line) => console.log(line),
});
