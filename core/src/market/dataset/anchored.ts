import { readFileSync } from 'node:fs';
import { HISTORY_START } from '@pippitch/shared/pairs';
import { ecbFixTime, indexAtOrAfter, timeOfIndex } from './calendar';
import { CURRENCIES, ECB_CSV_URL } from './ecb';
import { TRADING_DAY_MINUTES } from './model';
import { NormalStream } from './rng';

// A currency outside the data set's model (issue 34), for the bundled minutes and the simulated feed alike: the
// bundled ECB file's reference rates, units per 1 EUR, joined log-linearly from one fix to the next (so the fix
// minute is the published rate, and the path has no jump between days), with a small seeded wobble per tick so the
// price moves like a quote. After the file's last fix it goes on as the model's five do (model.ts): a seeded random
// walk in log price from that fix, one seeded stream per trading day of it, so a minute's level depends only on the
// seed, never on the window asked for. It walks against the model currency (or EUR) it moved least against in the
// file, at the volatility it had against it there: the Hong Kong dollar stays by the modelled dollar, the Danish
// krone by the euro, the zloty roams as the zloty did. The model's five keep the model's path, so a pair such as
// USD/PLN moves with the modelled dollar and GBP/PLN = GBP/USD × USD/PLN at every tick. The same seed, currency and
// tick give the same level, so the live feed continues exactly from the stored minutes.

interface Series {
  /** Fix minutes (UTC ms), oldest first, and the rate at each. */
  at: number[];
  rate: number[];
}

/** Standard deviation of the wobble around the fix, in log price: 2 basis points, inside a dealing spread. */
const WOBBLE = 0.0002;

let cache: Map<string, Series> | null = null;

/** The ECB file's rates since the data set starts, per currency (read once, on the first quote that needs it). */
function series(): Map<string, Series> {
  if (cache) return cache;
  const lines = readFileSync(ECB_CSV_URL, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const out = new Map<string, Series>();
  const rows = lines
    .slice(1)
    .map((line) => line.split(','))
    .filter((cells) => (cells[0] ?? '').trim() >= HISTORY_START)
    .reverse();
  header.forEach((code, column) => {
    if (column === 0 || code === '') return;
    const s: Series = { at: [], rate: [] };
    for (const cells of rows) {
      const rate = Number(cells[column]);
      if (!Number.isFinite(rate) || rate <= 0) continue;
      s.at.push(ecbFixTime((cells[0] ?? '').trim()));
      s.rate.push(rate);
    }
    if (s.at.length > 0) out.set(code, s);
  });
  cache = out;
  return out;
}

/** True when the bundled ECB file has rates for the currency (every catalogue currency but EUR, which is 1). */
export function hasEcbAnchor(code: string): boolean {
  return code === 'EUR' || series().has(code);
}

/**
 * The ECB reference level (units per EUR) under trading minute k's close: the fixes either side joined in log price
 * (a fix minute's is the fix itself); the first fix before the file starts, the last after it ends (where
 * anchoredLevel walks on from it instead).
 */
export function ecbAnchor(code: string, k: number): number {
  if (code === 'EUR') return 1;
  const s = series().get(code);
  if (!s) throw new Error(`the bundled ECB file has no ${code} rates`);
  const at = timeOfIndex(k);
  const n = s.at.length;
  if (at <= s.at[0]!) return s.rate[0]!;
  if (at >= s.at[n - 1]!) return s.rate[n - 1]!;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (s.at[mid]! <= at) lo = mid;
    else hi = mid;
  }
  const w = (at - s.at[lo]!) / (s.at[hi]! - s.at[lo]!);
  return Math.exp((1 - w) * Math.log(s.rate[lo]!) + w * Math.log(s.rate[hi]!));
}

/** Trading minutes from the last fix to minute k, when k is after it (the walk's part of the path); else 0. */
function minutesAfterFile(code: string, k: number): number {
  const s = series().get(code);
  return s ? k - indexAtOrAfter(s.at[s.at.length - 1]!) : 0;
}

/**
 * A currency outside the model at tick t of trading minute k, moved by the seeded wobble: its ECB anchor up to the
 * file's last fix, then its walk against its reference (`refLevel` gives the reference's level, per EUR, at the
 * same tick: the model's, so the currency moves with it).
 */
export function anchoredLevel(
  seed: string | number,
  code: string,
  k: number,
  tick: number,
  refLevel: (ref: string) => number,
): number {
  if (code === 'EUR') return 1;
  const after = minutesAfterFile(code, k);
  const wobble = WOBBLE * new NormalStream(`${seed}:live:${code}:${k}:${tick}`).normal();
  if (after <= 0) return ecbAnchor(code, k) * Math.exp(wobble);
  const { ref, start, band } = walkDrift(code);
  const walked = start + walkAt(seed, code, after);
  // A pegged currency's quote stays inside its band, wobble and all; a floating one moves as before.
  if (band) return refLevel(ref) * Math.exp(inBand(band.lo, band.hi)(walked + wobble));
  return refLevel(ref) * Math.exp(walked) * Math.exp(wobble);
}

// The walk after the file ends.

interface Drift {
  /** EUR, or the model currency the currency moved least against. */
  ref: string;
  /** log(currency ÷ reference, both per EUR) at the last fix: where the walk starts. */
  start: number;
  /** Standard deviation of one trading minute's log change against the reference. */
  minuteSd: number;
  /**
   * A peg (the Hong Kong dollar's 7.75–7.85 to the dollar, the krone's ERM II band): the lowest and highest
   * log(currency ÷ reference) in the file when all of it lies within PEG_RANGE; the walk stays inside. Null: floating.
   */
  band: { lo: number; hi: number } | null;
}

/**
 * A currency whose rate against its reference stayed within 2 % (in log) over the whole file is held there: its
 * central bank defends the band, so a walk that drifted out of it (USD/HKD at 7.90) would be a price no desk sees.
 * In the file the pegs are HKD (1.3 % against the dollar) and DKK (0.2 % against the euro); the narrowest float is
 * the leu's, 3.0 % against the euro (worker/test/market-anchored-walk.unit.test.ts lists the pegs it finds).
 */
const PEG_RANGE = 0.02;

const drifts = new Map<string, Drift>();

/**
 * What `code` walks against after the file and how fast: the reference (EUR or one of the model's five) whose fix-to-
 * fix log changes against it had the smallest standard deviation in the file, that deviation per trading day scaled
 * to a trading minute (a day is TRADING_DAY_MINUTES of them, as in the model).
 */
export function walkDrift(code: string): Drift {
  const known = drifts.get(code);
  if (known) return known;
  const own = series().get(code);
  if (!own) throw new Error(`the bundled ECB file has no ${code} rates`);
  let best: Drift | null = null;
  for (const ref of ['EUR', ...CURRENCIES]) {
    const theirs = ref === 'EUR' ? null : series().get(ref);
    const refAt = new Map(theirs ? theirs.at.map((at, i) => [at, theirs.rate[i]!]) : []);
    const logs: number[] = [];
    own.at.forEach((at, i) => {
      const r = theirs ? refAt.get(at) : 1;
      if (r !== undefined) logs.push(Math.log(own.rate[i]! / r));
    });
    const changes = logs.slice(1).map((v, i) => v - logs[i]!);
    if (changes.length < 2) continue;
    const mean = changes.reduce((a, b) => a + b, 0) / changes.length;
    const daily = Math.sqrt(changes.reduce((a, d) => a + (d - mean) ** 2, 0) / (changes.length - 1));
    const minuteSd = daily / Math.sqrt(TRADING_DAY_MINUTES);
    if (best && minuteSd >= best.minuteSd) continue;
    const lo = Math.min(...logs);
    const hi = Math.max(...logs);
    best = { ref, start: logs.at(-1)!, minuteSd, band: hi - lo < PEG_RANGE ? { lo, hi } : null };
  }
  if (!best) throw new Error(`the bundled ECB file has too few ${code} rates to continue them`);
  drifts.set(code, best);
  return best;
}

interface WalkState {
  /** The walk (in log, from 0 at the last fix) at the end of each trading day of it computed so far. */
  ends: number[];
  /** The day last computed in full: its number, and the walk at each of its minutes (index i = its i-th minute). */
  day: { j: number; values: Float64Array } | null;
}

const walks = new Map<string, WalkState>();

/** The walk (log, from 0 at the last fix, against the reference) `after` trading minutes past the fix (after ≥ 1). */
function walkAt(seed: string | number, code: string, after: number): number {
  const j = Math.floor((after - 1) / TRADING_DAY_MINUTES);
  return walkDay(seed, code, j)[after - j * TRADING_DAY_MINUTES]!;
}

/** The walk over day j of it (index 0 = where the day starts, the previous day's end), computing earlier days' ends. */
function walkDay(seed: string | number, code: string, j: number): Float64Array {
  const key = `${seed}|${code}`;
  let state = walks.get(key);
  if (!state) {
    state = { ends: [], day: null };
    walks.set(key, state);
  }
  if (state.day?.j === j) return state.day.values;
  const { minuteSd, start, band } = walkDrift(code);
  // A pegged currency's walk is reflected at its band's edges (in the walk's terms, from 0 at the last fix).
  const keep = band ? inBand(band.lo - start, band.hi - start) : (v: number) => v;
  const day = (n: number, from: number) => {
    const rng = new NormalStream(`${seed}|anchored:${code}|post:${n}`);
    const values = new Float64Array(TRADING_DAY_MINUTES + 1);
    values[0] = from;
    for (let i = 1; i <= TRADING_DAY_MINUTES; i++) values[i] = keep(values[i - 1]! + minuteSd * rng.normal());
    return values;
  };
  while (state.ends.length < j) {
    const n = state.ends.length;
    state.ends.push(day(n, n === 0 ? 0 : state.ends[n - 1]!)[TRADING_DAY_MINUTES]!);
  }
  const values = day(j, j === 0 ? 0 : state.ends[j - 1]!);
  state.day = { j, values };
  return values;
}

/** Reflects a value back into [lo, hi] (a step past an edge comes back by as much as it went over). */
function inBand(lo: number, hi: number): (v: number) => number {
  return (v) => {
    let x = v;
    while (x > hi || x < lo) x = x > hi ? 2 * hi - x : 2 * lo - x;
    return x;
  };
}
