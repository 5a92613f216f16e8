import { isStoredPair, STORED_PAIRS, type StoredPair } from '@pippitch/shared/pairs';
import { anchoredLevel } from './anchored';
import type { Currency } from './ecb';
import { CURRENCIES } from './ecb';
import { TICKS } from './model';

// A stored pair as a ratio of two EUR rates: BASEQUOTE = (QUOTE per EUR) / (BASE per EUR), with EUR itself = 1.
// GBPUSD = USD/GBP, EURGBP = GBP, GBPNOK = NOK/GBP: the derivation the data README gives for one ECB row.

interface Legs {
  /** Index in CURRENCIES, or -1 for EUR. */
  base: number;
  quote: number;
}

function legsOf(pair: StoredPair): Legs {
  const index = (code: string) => (code === 'EUR' ? -1 : CURRENCIES.indexOf(code as Currency));
  const legs = { base: index(pair.slice(0, 3)), quote: index(pair.slice(3)) };
  if (legs.quote < 0) throw new Error(`cannot derive ${pair} from EUR rates`);
  return legs;
}

const LEGS = Object.fromEntries(STORED_PAIRS.map((p) => [p, legsOf(p)])) as Record<StoredPair, Legs>;

/** One minute's prices, tick by tick (reused: the load asks for millions of minutes, one at a time). */
const PRICES = new Float64Array(TICKS);

/** Open, high, low and close of one minute's tick prices, written into `out`. */
function ohlcOf(prices: Float64Array, out: Float64Array): void {
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  for (let t = 0; t < TICKS; t++) {
    const v = prices[t]!;
    if (v > high) high = v;
    if (v < low) low = v;
  }
  out[0] = prices[0]!;
  out[1] = high;
  out[2] = low;
  out[3] = prices[TICKS - 1]!;
}

/** Open, high, low and close of `pair` over one minute's ticks (see PathModel), written into `out`. */
export function pairOhlc(pair: StoredPair, ticks: Float64Array, out: Float64Array): void {
  const { base, quote } = LEGS[pair];
  for (let t = 0; t < TICKS; t++) {
    const q = ticks[quote * TICKS + t]!;
    // EUR-based pairs are the currency's own rate; dividing by 1 would be exact too, but this says why.
    PRICES[t] = base < 0 ? q : q / ticks[base * TICKS + t]!;
  }
  ohlcOf(PRICES, out);
}

/** The pair's price at tick t of one minute. */
export function pairAt(pair: StoredPair, ticks: Float64Array, t: number): number {
  const { base, quote } = LEGS[pair];
  const q = ticks[quote * TICKS + t]!;
  return base < 0 ? q : q / ticks[base * TICKS + t]!;
}

/**
 * A currency's level (units per EUR) at tick t of trading minute k: the model's path for its five currencies (EUR is
 * 1), the ECB-anchored level for any other (anchored.ts), walking with its reference currency after the file ends.
 */
export function levelAt(seed: string | number, code: string, ticks: Float64Array, k: number, t: number): number {
  if (code === 'EUR') return 1;
  const c = CURRENCIES.indexOf(code as Currency);
  if (c >= 0) return ticks[c * TICKS + t]!;
  return anchoredLevel(seed, code, k, t, (ref) => levelAt(seed, ref, ticks, k, t));
}

/**
 * Open, high, low and close of any pair the market quotes over minute k (issue 34): the six exactly as pairOhlc
 * (their bars unchanged), any other as the ratio of its two currencies' levels at each tick, as the six are.
 */
export function anyPairOhlc(seed: string | number, pair: string, k: number, ticks: Float64Array, out: Float64Array) {
  if (isStoredPair(pair)) return pairOhlc(pair, ticks, out);
  const [base, quote] = [pair.slice(0, 3), pair.slice(3)];
  for (let t = 0; t < TICKS; t++) PRICES[t] = levelAt(seed, quote, ticks, k, t) / levelAt(seed, base, ticks, k, t);
  ohlcOf(PRICES, out);
}
