// Types shared by the market-data worker and whoever reads what it publishes (the server's live subscription).
// Pure types and constants: safe to import from the server.

/** Where a minute bar came from (fx_minute_bars.source). */
export type BarSource = 'ecb_sim' | 'feed' | 'simulated' | 'import';

/** Where a live quote came from: a real vendor feed, or the built-in simulated feed (labelled "Simulated"). */
export type QuoteSource = 'feed' | 'simulated';

export interface Quote {
  /** Six upper-case letters as stored (GBPUSD, EURGBP, …; GBPEUR is served as 1 / EURGBP). */
  pair: string;
  bid: number;
  ask: number;
  mid: number;
  /** The quote's own time (vendor timestamp or simulated tick), UTC. */
  ts: Date;
  source: QuoteSource;
}

/** A source of live quotes: the TraderMade-compatible client, or the simulated default. */
export interface Feed {
  /** Key of the feed's row in fx_feed_status ('tradermade', 'simulated'). */
  readonly name: string;
  readonly source: QuoteSource;
  /**
   * One quote per requested pair, or a rejection whose message is the spec's (§8 Live rate):
   * 'HTTP error! status: {n}', 'No rate data received', 'Unsupported currency pair: {pair}'.
   */
  fetchQuotes(pairs: readonly string[]): Promise<Quote[]>;
}

/** PostgreSQL channel the worker publishes every quote on (`LISTEN fx_quotes`). */
export const QUOTES_CHANNEL = 'fx_quotes';

/**
 * The JSON payload of one `NOTIFY fx_quotes` — one notification per pair per poll, sent in the same transaction
 * as the quote's write, so a listener never hears of a quote it cannot read back.
 *
 * - A live quote: `{ pair, bid, ask, mid, ts, source: 'feed' | 'simulated' }`.
 * - When the feed fails: the spec's default rate for each pair (§9 "Fallback live rates"), clearly marked:
 *   `{ pair, bid, ask, mid (all the fallback rate), ts (time of the failed poll), source: 'fallback',
 *   fallback: true, error: <the spec's message, e.g. 'HTTP error! status: 500'> }`. EURGBP's is 1 / 1.1854, so
 *   GBPEUR served as 1 / EURGBP is the spec's 1.1854 (or use FALLBACK_RATES[userPair] when `fallback` is set).
 *   Fallback quotes are never stored; fx_feed_status says whether the fallback is still in use.
 *
 * Example: {"pair":"GBPUSD","bid":1.34012,"ask":1.34021,"mid":1.340165,"ts":"2026-11-20T14:03:30.000Z","source":"feed"}
 */
export interface QuoteNotification {
  pair: string;
  bid: number;
  ask: number;
  mid: number;
  /** ISO 8601, UTC. */
  ts: string;
  source: QuoteSource | 'fallback';
  fallback?: true;
  error?: string;
}

export type Log = (line: string) => void;
