import { PROVIDER_PAIRS, quotedDecimals } from '@pippitch/shared/pair-catalogue';
import { isStoredPair, type StoredPair } from '@pippitch/shared/pairs';
import { indexAtOrAfter, indexContaining, timeOfIndex } from '../../dataset/calendar';
import { DEFAULT_MARKET_SEED, pathModel } from '../../dataset/index';
import { levelAt, pairAt } from '../../dataset/pairs';
import { type Feed, type Quote, refuseUnquotable } from '../../live/types';

// The default feed when no vendor is configured. It does not invent a separate walk: it reads the same seeded path
// the bundled data set is made of, at the 15-second tick the clock is in. So the live price continues exactly from
// the last stored minute, a gap filled after downtime joins up with what the live view showed, and a restart
// changes nothing. Any other pair the market quotes is the ratio of its currencies' levels: the model's for the five
// it models, the bundled ECB reference rates with a small seeded wobble for the rest, walking on from the file's
// last fix as the model's five do once it ends (dataset/anchored.ts), as the data set generates a desk's added pairs. While the market is closed (Friday 22:00 – Sunday 22:00 UTC) it repeats
// Friday's last tick.

/** Typical spreads in pips (0.0001), so bid and ask look like a dealing screen. */
const SPREAD_PIPS: Readonly<Record<StoredPair, number>> = {
  GBPUSD: 0.9,
  EURGBP: 0.9,
  EURUSD: 0.7,
  GBPNOK: 40,
  GBPSEK: 40,
  GBPAUD: 2,
};
const TICK_MS = 15_000;
/** Any other pair the market quotes (issue 34): a spread of 3 basis points of the price, as a broad dealing screen. */
const OTHER_SPREAD = 0.0003;
const QUOTABLE: ReadonlySet<string> = new Set(PROVIDER_PAIRS);

export interface SimulatedFeedOptions {
  seed?: string | number;
  /** Current time in ms (tests pass a fixed clock). */
  clock?: () => number;
}

export function createSimulatedFeed(options: SimulatedFeedOptions = {}): Feed {
  const model = pathModel(options.seed ?? DEFAULT_MARKET_SEED);
  const clock = options.clock ?? Date.now;
  return {
    name: 'simulated',
    source: 'simulated',
    async fetchQuotes(pairs: readonly string[]): Promise<Quote[]> {
      refuseUnquotable(pairs, (p) => QUOTABLE.has(p));
      const now = clock();
      const open = indexContaining(now);
      const k = open ?? indexAtOrAfter(now) - 1;
      const tick = open === null ? 3 : Math.min(3, Math.floor((now - timeOfIndex(k)) / TICK_MS));
      const ts = new Date(timeOfIndex(k) + tick * TICK_MS);
      const ticks = model.minute(k);
      const seed = options.seed ?? DEFAULT_MARKET_SEED;
      return pairs.map((pair) => {
        if (isStoredPair(pair)) {
          const mid = pairAt(pair, ticks, tick);
          const half = (SPREAD_PIPS[pair] * 0.0001) / 2;
          // Bid and ask to 5 decimals like a vendor's; the half-spread is wider than the rounding, so bid < mid < ask.
          return { pair, bid: round5(mid - half), ask: round5(mid + half), mid, ts, source: 'simulated' as const };
        }
        // An added pair: the ratio of its two currencies' levels, as the six are (BASEQUOTE = QUOTE per EUR ÷ BASE).
        const mid = levelAt(seed, pair.slice(3), ticks, k, tick) / levelAt(seed, pair.slice(0, 3), ticks, k, tick);
        const half = (mid * OTHER_SPREAD) / 2;
        // To a tenth of the pair's pip, as a vendor quotes it (USD/JPY to 3 decimals).
        const places = quotedDecimals(pair) + 1;
        return {
          pair,
          bid: roundTo(mid - half, places),
          ask: roundTo(mid + half, places),
          mid,
          ts,
          source: 'simulated' as const,
        };
      });
    },
  };
}

function roundTo(x: number, places: number): number {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}

function round5(x: number): number {
  return Math.round(x * 100_000) / 100_000;
}
