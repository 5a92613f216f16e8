// Types shared by the market-data worker and whoever reads what it publishes (the server's live subscription).
// Pure types, constants and the feeds' one shared rule: safe to import from the server.

import type { QuoteSource } from '@pippitch/shared/sources';

/** Bar and quote sources, with their labels, are shared/src/sources.ts. */
export type { BarSource, QuoteSource } from '@pippitch/shared/sources';

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

/** The spec's words for a pair a feed cannot quote. */
export const unsupportedPair = (pair: string) => `Unsupported currency pair: ${pair}`;

/** A feed refuses a request holding a pair it cannot quote, before asking anyone: the spec's message names it. */
export function refuseUnquotable(pairs: readonly string[], quotable: (pair: string) => boolean): void {
  const bad = pairs.find((p) => !quotable(p));
  if (bad !== undefined) throw new Error(unsupportedPair(bad));
}

/** The NOTIFY contract (channel, payload schema, fallback rule) is shared with the server: shared/src/live-quote.ts. */
export { QUOTES_CHANNEL, type QuoteNotification } from '@pippitch/shared/live-quote';

/** A log line and, for a failure, its level (warn: handled, retried; error: needs a person): @pippitch/sql's. */
export type { Log } from '@pippitch/sql';
