import { readFileSync } from 'node:fs';
import { HISTORY_START } from '@pippitch/shared/pairs';
import { ecbFixTime, timeOfIndex } from './calendar';
import { ECB_CSV_URL } from './ecb';
import { NormalStream } from './rng';

// A currency outside the data set's model (issue 34), for the bundled minutes and the simulated feed alike: the
// bundled ECB file's reference rates, units per 1 EUR, joined log-linearly from one fix to the next (so the fix
// minute is the published rate, and the path has no jump between days; after the file ends, its last fix), with a
// small seeded wobble per tick so the price moves like a quote. The model's five currencies keep the model's path,
// so a pair such as USD/PLN moves with the modelled dollar and GBP/PLN = GBP/USD × USD/PLN at every tick. The same
// seed, currency and tick give the same level, so the live feed continues exactly from the stored minutes.

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
 * (a fix minute's is the fix itself); the first fix before the file starts, the last after it ends.
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

/** A currency outside the model at tick t of trading minute k: its anchor, moved by the seeded wobble. */
export function anchoredLevel(seed: string | number, code: string, k: number, tick: number): number {
  const anchor = ecbAnchor(code, k);
  if (code === 'EUR') return anchor;
  return anchor * Math.exp(WOBBLE * new NormalStream(`${seed}:live:${code}:${k}:${tick}`).normal());
}
