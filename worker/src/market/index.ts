// Market data for the worker (design.md §2, §4): the bundled ECB-anchored data set, live polling with fallback,
// and the feeds. worker/src/main.ts calls ensureMarketData, then startMarketData. See README.md here.

export { type BackfillOptions, type BackfillResult, runBackfill } from './backfill/run';
export { storeEcbReferenceRates } from './dataset/ecb-store';
export { DEFAULT_MARKET_SEED } from './dataset/index';
export {
  type EnsureMarketDataOptions,
  type EnsureMarketDataResult,
  ensureMarketData,
  type PairLoad,
} from './dataset/load';
export { createFeedFromConfig, createSimulatedFeed, createTraderMadeFeed, type FeedConfig } from './feeds/index';
export { readLease } from './lease';
export { type MarketDataOptions, type MarketDataService, startMarketData } from './service';
export { CATCH_UP_WITHIN_MS, type PrepareMarketDataOptions, prepareMarketData } from './startup';
export type { BarSource, Feed, Quote, QuoteNotification, QuoteSource } from './types';
export { QUOTES_CHANNEL } from './types';
