import { type CataloguePair, isCataloguePair, pairInfo, SPEC_PAIRS } from './pair-catalogue';

// Currency pairs, market-data constants and chart timeframes (spec §3, §9). Pure data plus tiny lookups, so the
// server, the worker and the browser agree on one list. Each pair's conventions (label, pip, decimals, storage) are
// the pair catalogue's (pair-catalogue.ts, issue 34); this file names the spec's six, every desk's default.

/** The spec's six pairs: every desk's pairs until its admin chooses others (issue 34 §3). */
export const SUPPORTED_PAIRS = SPEC_PAIRS;
export type SpecPair = (typeof SUPPORTED_PAIRS)[number];
/** Any pair of the catalogue: what a calculation, a pack trade or a floor may be in. */
export type CurrencyPair = CataloguePair;

export const DEFAULT_PAIR: SpecPair = 'GBPUSD';

/** A pair of the catalogue (stored pairs in another order, 'EURGBP', are not). */
export function isCurrencyPair(value: string): value is CurrencyPair {
  return isCataloguePair(value);
}

export function isSpecPair(value: string): value is SpecPair {
  return (SUPPORTED_PAIRS as readonly string[]).includes(value);
}

/** 'GBPUSD' → 'GBP/USD' (the catalogue's label). */
export function pairLabel(pair: CataloguePair): string {
  return pairInfo(pair).label;
}

/** One pip of the pair: '0.0001' for the spec's six, '0.01' for yen and forint quotes (the catalogue's). */
export function pipSize(pair: CataloguePair): string {
  return pairInfo(pair).pipSize;
}

/**
 * Pairs as the feed quotes them and as they are stored. The market quotes EUR/GBP, not GBP/EUR, so GBPEUR is
 * stored once as EURGBP and served inverted; storing both would let the two drift apart.
 */
export const STORED_PAIRS = ['GBPUSD', 'EURGBP', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD'] as const;
export type StoredPair = (typeof STORED_PAIRS)[number];

export function isStoredPair(value: string): value is StoredPair {
  return (STORED_PAIRS as readonly string[]).includes(value);
}

/** Where a user-facing pair lives in storage, and whether its prices must be served as 1 / stored price. */
export function storageFor(pair: CurrencyPair): { stored: StoredPair; invert: boolean } {
  const { stored, invert } = pairInfo(pair);
  return { stored: stored as StoredPair, invert };
}

/** A stored price as a user-facing pair shows it: 1 / price when inverted, to 6 decimals (the precision served). */
export function servePrice(price: number, invert: boolean): number {
  return Math.round((invert ? 1 / price : price) * 1e6) / 1e6;
}

/** Rates shown when the live feed fails (spec §9). Strings, so they go straight into decimal maths. */
export const FALLBACK_RATES: Readonly<Record<SpecPair, string>> = {
  GBPEUR: '1.1854',
  GBPUSD: '1.2735',
  EURUSD: '1.0742',
  GBPNOK: '13.5621',
  GBPSEK: '13.8945',
  GBPAUD: '1.9234',
};

/** Fallback for any pair name (case-insensitive); pairs we do not know get the spec's '1.0000'. */
export function fallbackRate(pair: string): string {
  const upper = pair.toUpperCase();
  return isSpecPair(upper) ? FALLBACK_RATES[upper] : '1.0000';
}

/** The spec's pip (§9), the pip of each of its six pairs; other pairs' come from pipSize(pair). */
export const PIP_SIZE = '0.0001';

/** 'Inflate Your Margin (Pips)' choices; the pips are added to your rate. */
export const MARGIN_OPTIONS = [0, 10, 20, 30, 40, 50] as const;
export type MarginPips = (typeof MARGIN_OPTIONS)[number];

export function marginLabel(pips: MarginPips): string {
  return pips === 0 ? 'None' : String(pips);
}

/** Bucket sizes for historical prices. 'hourly' is the default when none is asked for (spec §7). */
export const INTERVALS = ['minute', '15min', '30min', 'hourly', 'daily'] as const;
export type Interval = (typeof INTERVALS)[number];
export const DEFAULT_INTERVAL: Interval = 'hourly';

export const INTERVAL_MINUTES: Readonly<Record<Interval, number>> = {
  minute: 1,
  '15min': 15,
  '30min': 30,
  hourly: 60,
  daily: 1440,
};

/** Text of the chart's precision badge. */
export const INTERVAL_PRECISION_LABELS: Readonly<Record<Interval, string>> = {
  minute: 'minute',
  '15min': '15-minute',
  '30min': '30-minute',
  hourly: 'hourly',
  daily: 'daily',
};

export const TIMEFRAME_KEYS = ['1D', '5D', '1M', '3M'] as const;
export type Timeframe = (typeof TIMEFRAME_KEYS)[number];

export interface TimeframeSpec {
  days: number;
  targetPoints: number;
  interval: Interval;
}

export const TIMEFRAMES: Readonly<Record<Timeframe, TimeframeSpec>> = {
  '1D': { days: 1, targetPoints: 1440, interval: 'minute' },
  '5D': { days: 5, targetPoints: 480, interval: '15min' },
  '1M': { days: 30, targetPoints: 1440, interval: '30min' },
  '3M': { days: 90, targetPoints: 2160, interval: 'hourly' },
};

/** First day with stored prices; lookups before it are refused. */
export const HISTORY_START = '2024-09-30';
/** The calendar opens a day later than the data (spec §5: "minimum start 2024-10-01"). */
export const CALENDAR_MIN = '2024-10-01';
