// A worker process that only polls (simulated feed), so a test can kill it outright and watch another take over.
// argv: database URL, poller id, clock base (ms).
import { createSimulatedFeed } from '../../src/market/feeds/simulated';
import { startMarketData } from '../../src/market/service';

const [url, pollerId, base] = process.argv.slice(2);
const started = Date.now();
const clock = () => Number(base) + (Date.now() - started);
startMarketData({
  url: url!,
  feed: createSimulatedFeed({ clock }),
  pollMs: 100,
  pollerId: pollerId!,
  clock,
  log: (line) => console.log(line),
});
