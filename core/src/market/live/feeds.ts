import { createSimulatedFeed } from '../vendors/simulated/feed';
import { createTraderMadeFeed } from '../vendors/tradermade/live-client';
import type { Feed } from './types';

export interface FeedConfig {
  /** FX_FEED_URL: a TraderMade-compatible API base. */
  feedUrl?: string;
  /** FX_FEED_API_KEY. */
  apiKey?: string;
  timeoutMs?: number;
}

/** The vendor feed when both its URL and key are configured, else the simulated feed (design.md §2). */
export function createFeedFromConfig(config: FeedConfig = {}): Feed {
  if (config.feedUrl && config.apiKey) {
    return createTraderMadeFeed({ baseUrl: config.feedUrl, apiKey: config.apiKey, timeoutMs: config.timeoutMs });
  }
  return createSimulatedFeed();
}

export { createSimulatedFeed, type SimulatedFeedOptions } from '../vendors/simulated/feed';
export { createTraderMadeFeed, type TraderMadeOptions } from '../vendors/tradermade/live-client';
