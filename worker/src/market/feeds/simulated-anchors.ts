import { readFileSync } from 'node:fs';
import { HISTORY_START } from '@pippitch/shared/pairs';
import { timeOfIndex } from '../dataset/calendar';
import { ECB_CSV_URL } from '../dataset/ecb';
import { NormalStream } from '../dataset/rng';

// What the simulated feed anchors a currency outside the data set's model on (issue 34): the bundled ECB file's
// reference rate, units per 1 EUR, at the last fix on or before the minute (the last fix after the file ends), with
// a small seeded wobble per tick so the price moves like a quote. The six's currencies keep the model's path, so a
// pair such as USD/PLN moves with the modelled dollar and stays consistent with GBP/USD at every tick.

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
      // 14:10 CET: the hour does not matter at a day's resolution, so UTC noon stands for the fix day.
      s.at.push(Date.parse(`${(cells[0] ?? '').trim()}T12:00:00Z`));
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

/** The ECB reference rate (units per EUR) a simulated quote at trading minute k is anchored on. */
export function ecbAnchor(code: string, k: number): number {
  if (code === 'EUR') return 1;
  const s = series().get(code);
  if (!s) throw new Error(`the bundled ECB file has no ${code} rates`);
  const at = timeOfIndex(k);
  let lo = 0;
  let hi = s.at.length - 1;
  if (at < s.at[0]!) return s.rate[0]!;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (s.at[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return s.rate[lo]!;
}

/** A currency outside the model at tick t of trading minute k: its anchor, moved by the seeded wobble. */
export function anchoredLevel(seed: string | number, code: string, k: number, tick: number): number {
  const anchor = ecbAnchor(code, k);
  if (code === 'EUR') return anchor;
  return anchor * Math.exp(WOBBLE * new NormalStream(`${seed}:live:${code}:${k}:${tick}`).normal());
}
