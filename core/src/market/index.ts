// Market data's face to the worker (@pippitch/core/market): what writes prices — the bundled ECB-anchored data set,
// live polling with fallback, the history backfill, the vendors. worker/src/main.ts calls ensureMarketData, then
// startMarketData. What reads them (the server's charts, ranges, the quote hub) is ./read (@pippitch/core/market/read).
// See README.md here.

export { indexAtOrAfter, timeOfIndex } from './dataset/calendar';
export { storeEcbReferenceRates } from './dataset/ecb-store';
export { DEFAULT_MARKET_SEED, pathModel } from './dataset/index';
export {
  type EnsureMarketDataOptions,
  type EnsureMarketDataResult,
  ensureMarketData,
  type PairLoad,
} from './dataset/load';
export { TICKS } from './dataset/model';
export { createHistoryProvider } from './history/provider';
export type { HistoryProvider } from './history/types';
export { logDailyBars, runMarketHistory } from './ingest/backfill/job';
export { type BackfillOptions, type BackfillResult, runBackfill } from './ingest/backfill/run';
export { startMarketBeside } from './ingest/first-start';
export { parseDukascopyCsv } from './ingest/import/dukascopy';
export { importBars } from './ingest/import/import-bars';
export { CATCH_UP_WITHIN_MS, type PrepareMarketDataOptions, prepareMarketData } from './ingest/startup';
export { createFeedFromConfig, createSimulatedFeed, createTraderMadeFeed, type FeedConfig } from './live/feeds';
export { readLease } from './live/lease';
export { type MarketDataOptions, type MarketDataService, startMarketData } from './live/poller';
export type { BarSource, Feed, Quote, QuoteNotification, QuoteSource } from './live/types';
export { QUOTES_CHANNEL } from './live/types';
export { refreshEcbRates } from './read/ecb-rates';
export { createEcbRatesProvider } from './vendors/ecb/index';
export type { EcbRatesProvider } from './vendors/ecb/types';
